import { describe, expect, it } from "vitest";
import {
  changeSelection,
  DEFAULT_PAGE_SIZE,
  type ExploreSelection,
  readSelection,
  tableQuery,
  writeSelection,
} from "./explore-state";

const SCOPE1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";
const SCOPE2 = "environmental.greenhouseGasEmissions.scope2GhgEmissionsInTonnes";
const COMPANY = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";
const PORTFOLIO = "d0000000-0000-4000-8000-00000000f001";

const read = (query: string) => readSelection(new URLSearchParams(query));

describe("the explorer's selection in the address", () => {
  it("reads a full selection and writes it back unchanged", () => {
    const query = [
      "framework=sfdr",
      `dp=${SCOPE1}`,
      `dp=${SCOPE2}`,
      "period=2023",
      "period=2024",
      "source=search",
      `company=${COMPANY}`,
      "country=DE",
      "sector=Energy",
      "hasData=true",
      `sort=value%3Adesc%3A2024%3A${SCOPE1}`,
      "page=3",
      "size=100",
      `chart=${SCOPE2}`,
      "chartPeriod=2023",
    ].join("&");
    const selection = read(query);
    expect(selection).toEqual<ExploreSelection>({
      framework: "sfdr",
      dataPoints: [SCOPE1, SCOPE2],
      periods: ["2023", "2024"],
      source: "search",
      companyIds: [COMPANY],
      portfolioId: undefined,
      countries: ["DE"],
      sectors: ["Energy"],
      hasData: true,
      sort: { by: "value", dataPoint: SCOPE1, reportingPeriod: "2024", direction: "desc" },
      page: 2,
      pageSize: 100,
      chartDataPoint: SCOPE2,
      chartPeriod: "2023",
    });
    expect(writeSelection(selection).toString()).toBe(query);
  });

  it("drops what the framework or the API does not know, and defaults the rest", () => {
    const selection = read(
      `framework=nope&dp=not.a.path&dp=${SCOPE1}&period=24&period=2022&period=2021&company=123&page=-4&size=7&sort=value:up:2022:x`,
    );
    expect(selection.framework).toBe("sfdr");
    expect(selection.dataPoints).toEqual([SCOPE1]);
    expect(selection.periods).toEqual(["2021", "2022"]);
    expect(selection.companyIds).toEqual([]);
    expect(selection.page).toBe(0);
    expect(selection.pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(selection.sort).toBeUndefined();
  });

  it("takes a portfolio as the source when the address names one without a source", () => {
    const selection = read(`portfolio=${PORTFOLIO}`);
    expect(selection.source).toBe("portfolio");
    expect(selection.portfolioId).toBe(PORTFOLIO);
    expect(writeSelection(selection).get("company")).toBeNull();
  });

  it("keeps at most 20 data points and the 10 latest periods", () => {
    const many = Array.from({ length: 14 }, (_, index) => `period=${2010 + index}`).join("&");
    expect(read(many).periods).toEqual(Array.from({ length: 10 }, (_, index) => String(2014 + index)));
  });

  it("sorts by company name A to Z unless the address says otherwise", () => {
    expect(read("sort=name:asc").sort).toBeUndefined();
    expect(read("sort=name:desc").sort).toEqual({ by: "companyName", direction: "desc" });
  });
});

describe("changing the selection", () => {
  const base = read(
    `framework=sfdr&dp=${SCOPE1}&dp=${SCOPE2}&period=2024&source=search&company=${COMPANY}&page=4`,
  );

  it("goes back to the first page when what is asked changes, and keeps the page when only the page does", () => {
    expect(changeSelection(base, { periods: ["2024", "2023"] }).page).toBe(0);
    expect(changeSelection(base, { periods: ["2024", "2023"] }).periods).toEqual(["2023", "2024"]);
    expect(changeSelection(base, { page: 5 }).page).toBe(5);
  });

  it("forgets the data points, sort and chart of another framework", () => {
    const sorted = changeSelection(base, {
      sort: { by: "value", dataPoint: SCOPE1, reportingPeriod: "2024", direction: "asc" },
      chartDataPoint: SCOPE1,
    });
    const next = changeSelection(sorted, { framework: "pcaf" });
    expect(next.dataPoints).toEqual([]);
    expect(next.sort).toBeUndefined();
    expect(next.chartDataPoint).toBeUndefined();
  });

  it("drops a sort on a data point or period that is no longer chosen", () => {
    const sorted = changeSelection(base, {
      sort: { by: "value", dataPoint: SCOPE2, reportingPeriod: "2024", direction: "asc" },
    });
    expect(changeSelection(sorted, { dataPoints: [SCOPE1] }).sort).toBeUndefined();
    expect(changeSelection(sorted, { periods: ["2023"] }).sort).toBeUndefined();
  });
});

describe("the table's query", () => {
  it("says what is missing before it can ask", () => {
    expect(tableQuery(read("source=search"))).toEqual({
      missing: [
        "Choose at least one data point.",
        "Choose at least one reporting period.",
        "Add at least one company.",
      ],
    });
    expect(tableQuery(read(`dp=${SCOPE1}&period=2024&source=portfolio`))).toEqual({
      missing: ["Choose a portfolio."],
    });
    expect(tableQuery(read(`dp=${SCOPE1}&period=2024&source=filters`))).toMatchObject({ companies: {} });
  });

  it("asks for a portfolio's companies narrowed by the filters, with sort and page", () => {
    expect(
      tableQuery(
        read(
          `dp=${SCOPE1}&period=2024&source=portfolio&portfolio=${PORTFOLIO}&country=DE&sort=name:desc&page=2`,
        ),
      ),
    ).toEqual({
      framework: "sfdr",
      dataPoints: [SCOPE1],
      reportingPeriods: ["2024"],
      companies: { portfolioId: PORTFOLIO, countryCodes: ["DE"] },
      sort: { by: "companyName", direction: "desc" },
      chunkSize: DEFAULT_PAGE_SIZE,
      chunkIndex: 1,
    });
  });

  it("asks by filters alone, or for the whole register without any", () => {
    const query = tableQuery(read(`dp=${SCOPE1}&period=2024&source=filters&sector=Energy&hasData=true`));
    expect(query).toMatchObject({ companies: { sectors: ["Energy"], hasData: true } });
  });
});
