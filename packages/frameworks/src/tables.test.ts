import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { type DatasetRecord, headerRows, joinLongTables, longTable, tableCsv, wideTable } from "./tables.ts";

const UPLOADED = Date.UTC(2025, 2, 14, 9, 30, 0);

const record: DatasetRecord = {
  companyName: "Verdana Energie AG",
  companyId: "821b6cf3-e46f-55cb-84b6-115ba4c52aa1",
  reportingPeriod: "2024",
  qaStatus: "Accepted",
  uploadTime: UPLOADED,
  data: {
    general: {
      general: {
        dataDate: "2024-12-31",
        fiscalYearDeviation: { value: "NoDeviation" },
        fiscalYearEnd: { value: "2024-12-31", quality: "Reported" },
      },
    },
    environmental: {
      greenhouseGasEmissions: {
        scope1GhgEmissionsInTonnes: {
          value: 66039.06,
          quality: "Audited",
          comment: "Scope 1 from the 2024 sustainability report, table 4",
          dataSource: { fileName: "Sustainability report 2024", fileReference: "a".repeat(64), page: "12" },
        },
        scope1And2GhgEmissionsInTonnes: { quality: "NoDataFound" },
      },
    },
    social: {
      socialAndEmployeeMatters: {
        averageGrossHourlyEarningsMaleEmployees: { value: 31.5, currency: "EUR" },
      },
    },
  },
};

describe("wide table", () => {
  const table = wideTable("sfdr", [record]);
  const column = (key: string) => table.columns.findIndex((candidate) => candidate.key === key);

  it("heads data point columns with the label and unit in words, and the key below", () => {
    const scope1 = column("SCOPE_1_GHG_EMISSIONS_IN_T");
    expect(table.columns[scope1]?.heading).toBe("Scope 1 GHG emissions (Tonnes)");
    const [words, keys] = headerRows(table);
    expect(words?.slice(0, 5)).toEqual([
      "Company",
      "Company ID",
      "Reporting period",
      "QA status",
      "Upload time (UTC)",
    ]);
    expect(keys?.[scope1]).toBe("SCOPE_1_GHG_EMISSIONS_IN_T");
  });

  it("keeps numbers as numbers, dates as dates and the currency of an amount beside it", () => {
    const row = table.rows[0] ?? [];
    expect(table.rows).toHaveLength(1);
    expect(row[column("SCOPE_1_GHG_EMISSIONS_IN_T")]).toBe(66039.06);
    expect(row[column("DATA_DATE")]).toEqual(new Date("2024-12-31T00:00:00Z"));
    expect(row[column("FISCAL_YEAR_DEVIATION")]).toBe("No Deviation");
    expect(row[column("AVG_GROSS_HOURLY_EARNINGS_MALE_EMPLOYEES")]).toBe(31.5);
    expect(row[column("AVG_GROSS_HOURLY_EARNINGS_MALE_EMPLOYEES.currency")]).toBe("EUR");
    expect(row[column("uploadTime")]).toEqual(new Date(UPLOADED));
    expect(row[column("SCOPE_1_2_GHG_EMISSIONS_IN_T")]).toBeNull();
  });

  it("writes CSV without thousands separators or units, dates as ISO dates, keys in the second row", () => {
    const lines = parse(tableCsv(table).replace(/^\uFEFF/, "")) as string[][];
    expect(lines).toHaveLength(3);
    const scope1 = column("SCOPE_1_GHG_EMISSIONS_IN_T");
    expect(lines[0]?.[scope1]).toBe("Scope 1 GHG emissions (Tonnes)");
    expect(lines[1]?.[scope1]).toBe("SCOPE_1_GHG_EMISSIONS_IN_T");
    expect(lines[2]?.[scope1]).toBe("66039.06");
    expect(lines[2]?.[column("DATA_DATE")]).toBe("2024-12-31");
    expect(lines[2]?.[column("uploadTime")]).toBe("2025-03-14 09:30:00");
  });
});

describe("long table", () => {
  const table = longTable("sfdr", [record]);
  const at = (key: string) => table.columns.findIndex((column) => column.key === key);
  const rowOf = (key: string) => table.rows.find((row) => row[at("dataPointKey")] === key) ?? [];

  it("gives one row per answered data point with value, unit, quality, source, page, comment, QA status and upload time", () => {
    const scope1 = rowOf("SCOPE_1_GHG_EMISSIONS_IN_T");
    expect(scope1).toEqual([
      "SFDR",
      "Verdana Energie AG",
      "821b6cf3-e46f-55cb-84b6-115ba4c52aa1",
      "2024",
      "Environmental",
      "Greenhouse gas emissions",
      "Scope 1 GHG emissions",
      "SCOPE_1_GHG_EMISSIONS_IN_T",
      66039.06,
      "Tonnes",
      "Audited",
      "Sustainability report 2024",
      12,
      "Scope 1 from the 2024 sustainability report, table 4",
      "Accepted",
      new Date(UPLOADED),
    ]);
    expect(rowOf("AVG_GROSS_HOURLY_EARNINGS_MALE_EMPLOYEES")[at("unit")]).toBe("EUR");
    // A quality without a value is still a row (it says why there is no value).
    expect(rowOf("SCOPE_1_2_GHG_EMISSIONS_IN_T")[at("quality")]).toBe("No data found");
    expect(rowOf("SCOPE_1_2_3_GHG_EMISSIONS_IN_T")).toEqual([]);
    expect(headerRows(table)).toHaveLength(1);
  });

  it("joins the tables of several frameworks into one, told apart by the framework column", () => {
    const joined = joinLongTables([table, longTable("pcaf", [])]);
    expect(joined.rows).toHaveLength(table.rows.length);
    expect(joined.columns[0]?.heading).toBe("Framework");
  });
});
