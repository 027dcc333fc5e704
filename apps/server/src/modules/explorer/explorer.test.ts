import { generateCompleteDataset } from "@openverde/frameworks";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simplePdf } from "../../platform/pdf";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { createCompany } from "../companies/service";
import { referencedReports } from "../datasets/framework-data";
import { setDataPointQaStatus } from "../datasets/service";
import { completeDataset, json, sha256, type TestUser, user } from "../datasets/test-helpers";

const SCOPE1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";
const SCOPE2 = "environmental.greenhouseGasEmissions.scope2GhgEmissionsInTonnes";
const VSME_POINT = "basic.energyAndGreenhousGasEmissions.electricityTotalInMWh";

let platform: TestPlatform;
let admin: TestUser;
let alice: TestUser;
let stranger: TestUser;
let vsmeUploader: TestUser;
const ids: Record<"alpha" | "beta" | "gamma" | "delta" | "epsilon", string> = {
  alpha: "",
  beta: "",
  gamma: "",
  delta: "",
  epsilon: "",
};
const dataIds: Record<string, string> = {};
let sfdr: Record<string, unknown>;

interface Cell {
  value: unknown;
  unit?: string;
  quality?: string;
  qaStatus: string | null;
  dataId?: string;
  source?: { fileReference: string; fileName?: string; page?: string };
  missing?: string;
}
interface Result {
  totalCompanies: number;
  columns: { dataPoint: string; reportingPeriod: string; label: string; unit?: string }[];
  rows: {
    companyId: string;
    companyName: string;
    countryCode: string;
    sector: string | null;
    cells: Cell[];
  }[];
}

const call = async <T = Result>(who: TestUser | undefined, path: string, body: unknown) => {
  const response = await platform.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(who ? { authorization: who.authorization } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};
const query = <T = Result>(who: TestUser | undefined, body: unknown) =>
  call<T>(who, "/api/explorer/query", body);

const base = (extra: Record<string, unknown> = {}) => ({
  framework: "sfdr",
  dataPoints: [SCOPE1, SCOPE2],
  reportingPeriods: ["2023", "2024"],
  companies: { companyIds: Object.values(ids).slice(0, 4) },
  ...extra,
});

/** The SFDR data with scope 1 set to a value (or removed, for undefined). */
function withScope1(value: number | undefined): Record<string, unknown> {
  const data = structuredClone(sfdr) as {
    environmental: { greenhouseGasEmissions: Record<string, unknown> };
  };
  const emissions = data.environmental.greenhouseGasEmissions;
  if (value === undefined) delete emissions.scope1GhgEmissionsInTonnes;
  else emissions.scope1GhgEmissionsInTonnes = { ...(emissions.scope1GhgEmissionsInTonnes as object), value };
  return data as Record<string, unknown>;
}

async function uploadSfdr(companyId: string, reportingPeriod: string, data: unknown, bypassQa = true) {
  const response = await platform.request(
    `/api/data/sfdr?bypassQa=${bypassQa}`,
    json(admin.authorization, { companyId, reportingPeriod, data }),
  );
  const body = (await response.json()) as { dataId: string };
  expect(response.status, JSON.stringify(body).slice(0, 500)).toBe(200);
  return body.dataId;
}

const company = async (companyName: string, countryCode: string, sector: string) =>
  (
    await createCompany(platform.database.db, {
      companyName,
      headquarters: "Somewhere",
      countryCode,
      sector,
      identifiers: {},
    } as never)
  ).companyId;

async function uploadVsme(companyId: string) {
  const generated = generateCompleteDataset("vsme", 4);
  let text = JSON.stringify(generated);
  const form = new FormData();
  const files: { name: string; bytes: Buffer }[] = [];
  for (const report of referencedReports("vsme", generated)) {
    const bytes = simplePdf([`Explorer VSME report ${report.name}`]);
    files.push({ name: `${report.name}.pdf`, bytes });
    text = text.replaceAll(report.fileReference, sha256(bytes));
  }
  const data = JSON.parse(text) as { basic: { energyAndGreenhousGasEmissions: Record<string, unknown> } };
  data.basic.energyAndGreenhousGasEmissions.electricityTotalInMWh = {
    ...(data.basic.energyAndGreenhousGasEmissions.electricityTotalInMWh as object),
    value: 777,
  };
  form.append(
    "companyAssociatedVsmeData",
    new Blob([JSON.stringify({ companyId, reportingPeriod: "2024", data })], { type: "application/json" }),
  );
  for (const file of files)
    form.append("documents", new Blob([new Uint8Array(file.bytes)], { type: "application/pdf" }), file.name);
  const response = await platform.request("/api/data/vsme", {
    method: "POST",
    headers: { authorization: vsmeUploader.authorization },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await user(platform, "explorer-admin", ["ROLE_USER", "ROLE_UPLOADER", "ROLE_ADMIN"]);
  alice = await user(platform, "explorer-alice");
  stranger = await user(platform, "explorer-stranger");
  vsmeUploader = await user(platform, "explorer-vsme", ["ROLE_USER", "ROLE_UPLOADER"]);
  ids.alpha = await company("Alpha Energie AG", "DE", "Energy");
  ids.beta = await company("Beta Banque SA", "FR", "Financials");
  ids.gamma = await company("Gamma Stahl GmbH", "DE", "Materials");
  ids.delta = await company("Delta Foods GmbH", "DE", "Consumer Staples");
  ids.epsilon = await company("Epsilon Handwerk KG", "DE", "Industrials");
  sfdr = await completeDataset(platform, "sfdr", 11);
  dataIds.alpha2023 = await uploadSfdr(ids.alpha, "2023", withScope1(100));
  dataIds.alpha2024 = await uploadSfdr(ids.alpha, "2024", withScope1(120));
  // A newer version still in review: only the active (accepted) one counts.
  await uploadSfdr(ids.alpha, "2024", withScope1(999), false);
  dataIds.beta2024 = await uploadSfdr(ids.beta, "2024", withScope1(50));
  dataIds.gamma2024 = await uploadSfdr(ids.gamma, "2024", withScope1(undefined));
  const statement = await platform.request(
    "/api/metadata/nonSourceable?bypassQa=true",
    json(admin.authorization, {
      companyId: ids.delta,
      dataType: "sfdr",
      reportingPeriod: "2024",
      reason: "No report published.",
    }),
  );
  expect(statement.status, await statement.clone().text()).toBe(200);
  // A reviewer rejected Beta's scope 1 figure after the dataset was accepted.
  const { rows } = await sql<{ id: string }>`
    select data_point_id as id from dataset_data_point
    where data_id = ${dataIds.beta2024} and data_point_type = 'extendedDecimalScope1GhgEmissionsInTonnes'`.execute(
    platform.database.db,
  );
  await setDataPointQaStatus(platform.database.db, rows[0]?.id as string, "Rejected");
  await uploadVsme(ids.epsilon);
}, 120_000);
afterAll(async () => platform?.close());

describe("who may explore", () => {
  it("asks visitors to sign in", async () => {
    expect((await query(undefined, base())).status).toBe(401);
    expect((await query(undefined, { nonsense: true })).status).toBe(401);
  });

  it.each([
    ["an unknown framework", { framework: "esrs" }, "framework"],
    ["an unknown data point", { dataPoints: ["environmental.nothing"] }, "environmental.nothing"],
    [
      "referenced reports, which are no data point",
      { dataPoints: ["general.general.referencedReports"] },
      "referencedReports",
    ],
    ["a period that is no year", { reportingPeriods: ["FY24"] }, "reportingPeriods"],
    ["no data point", { dataPoints: [] }, "dataPoints"],
    ["too many data points", { dataPoints: Array.from({ length: 21 }, () => SCOPE1) }, "dataPoints"],
    [
      "too many periods",
      { reportingPeriods: Array.from({ length: 11 }, (_, i) => String(2000 + i)) },
      "reportingPeriods",
    ],
    ["a company id that is no id", { companies: { companyIds: ["nope"] } }, "companyIds"],
    [
      "ids and a portfolio at once",
      { companies: { companyIds: [], portfolioId: crypto.randomUUID() } },
      "companies",
    ],
    [
      "a sort by a data point not asked for",
      { sort: { by: "value", dataPoint: SCOPE2.replace("scope2", "scope3"), reportingPeriod: "2024" } },
      "sort.dataPoint",
    ],
    [
      "a sort by a period not asked for",
      { sort: { by: "value", dataPoint: SCOPE1, reportingPeriod: "2020" } },
      "sort.reportingPeriod",
    ],
    ["a page too large", { chunkSize: 1001 }, "chunkSize"],
    ["a page index beyond any register", { chunkIndex: 10_000_000 }, "chunkIndex"],
  ])("answers 400 for %s, naming it", async (_, change, named) => {
    const answer = await query<{ errors: { message: string; summary: string }[] }>(alice, base(change));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.errors)).toContain(named);
  });
});

describe("the table", () => {
  it("has a column per data point and period, with labels and units from the catalogue", async () => {
    const { status, body } = await query(alice, base());
    expect(status).toBe(200);
    expect(body.columns).toEqual([
      { dataPoint: SCOPE1, reportingPeriod: "2023", label: "Scope 1 GHG emissions", unit: "Tonnes" },
      { dataPoint: SCOPE1, reportingPeriod: "2024", label: "Scope 1 GHG emissions", unit: "Tonnes" },
      { dataPoint: SCOPE2, reportingPeriod: "2023", label: "Scope 2 GHG emissions", unit: "Tonnes" },
      { dataPoint: SCOPE2, reportingPeriod: "2024", label: "Scope 2 GHG emissions", unit: "Tonnes" },
    ]);
    expect(body.totalCompanies).toBe(4);
    expect(body.rows.map((row) => row.companyName)).toEqual([
      "Alpha Energie AG",
      "Beta Banque SA",
      "Delta Foods GmbH",
      "Gamma Stahl GmbH",
    ]);
    expect(body.rows[0]).toMatchObject({ companyId: ids.alpha, countryCode: "DE", sector: "Energy" });
  });

  it("shows the active dataset's value with unit, quality, review status and source", async () => {
    const { body } = await query(alice, base());
    const [alpha2023, alpha2024] = body.rows[0]?.cells ?? [];
    const stored = (
      sfdr as {
        environmental: {
          greenhouseGasEmissions: Record<string, { quality: string; dataSource: Record<string, string> }>;
        };
      }
    ).environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes;
    expect(alpha2023).toEqual({
      value: 100,
      unit: "Tonnes",
      quality: stored?.quality,
      qaStatus: "Accepted",
      dataId: dataIds.alpha2023,
      source: {
        fileReference: stored?.dataSource.fileReference,
        fileName: stored?.dataSource.fileName,
        page: stored?.dataSource.page,
      },
    });
    // 999 waits for review: the accepted 120 is what counts.
    expect(alpha2024).toMatchObject({ value: 120, dataId: dataIds.alpha2024, qaStatus: "Accepted" });
    expect(body.rows[1]?.cells[1]).toMatchObject({
      value: 50,
      qaStatus: "Rejected",
      dataId: dataIds.beta2024,
    });
  });

  it("says why a value is missing: no dataset, not sourceable, field left empty", async () => {
    const { body } = await query(alice, base());
    const byName = new Map(body.rows.map((row) => [row.companyName, row.cells]));
    expect(byName.get("Beta Banque SA")?.[0]).toEqual({ value: null, qaStatus: null, missing: "NoDataset" });
    expect(byName.get("Delta Foods GmbH")?.[1]).toEqual({
      value: null,
      qaStatus: null,
      missing: "NotSourceable",
    });
    expect(byName.get("Delta Foods GmbH")?.[0]).toMatchObject({ missing: "NoDataset" });
    expect(byName.get("Gamma Stahl GmbH")?.[1]).toEqual({
      value: null,
      qaStatus: null,
      dataId: dataIds.gamma2024,
      missing: "EmptyField",
    });
    expect(byName.get("Gamma Stahl GmbH")?.[3]).toMatchObject({ qaStatus: "Accepted", unit: "Tonnes" });
  });

  it("chooses companies by country, sector and whether they have data", async () => {
    const names = async (companies: Record<string, unknown>) =>
      (await query(alice, base({ companies }))).body.rows.map((row) => row.companyName);
    expect(await names({ countryCodes: ["FR"] })).toEqual(["Beta Banque SA"]);
    expect(await names({ countryCodes: ["DE"], sectors: ["Energy", "Materials"] })).toEqual([
      "Alpha Energie AG",
      "Gamma Stahl GmbH",
    ]);
    expect(await names({ hasData: true })).toEqual([
      "Alpha Energie AG",
      "Beta Banque SA",
      "Gamma Stahl GmbH",
    ]);
    expect(await names({ companyIds: [ids.beta, ids.delta], hasData: true })).toEqual(["Beta Banque SA"]);
    expect(await names({ companyIds: [] })).toEqual([]);
  });

  it("sorts by one value, the companies without it last in either direction", async () => {
    const order = async (direction: string) =>
      (
        await query(
          alice,
          base({ sort: { by: "value", dataPoint: SCOPE1, reportingPeriod: "2024", direction } }),
        )
      ).body.rows.map((row) => row.companyName);
    expect(await order("asc")).toEqual([
      "Beta Banque SA",
      "Alpha Energie AG",
      "Delta Foods GmbH",
      "Gamma Stahl GmbH",
    ]);
    expect(await order("desc")).toEqual([
      "Alpha Energie AG",
      "Beta Banque SA",
      "Delta Foods GmbH",
      "Gamma Stahl GmbH",
    ]);
    const byName = await query(alice, base({ sort: { by: "companyName", direction: "desc" } }));
    expect(byName.body.rows[0]?.companyName).toBe("Gamma Stahl GmbH");
  });

  it("pages: chunkSize companies from chunkIndex on, with the total of the whole selection", async () => {
    const page = await query(alice, base({ chunkSize: 3, chunkIndex: 1 }));
    expect(page.body.totalCompanies).toBe(4);
    expect(page.body.rows.map((row) => row.companyName)).toEqual(["Gamma Stahl GmbH"]);
    const sorted = await query(
      alice,
      base({
        chunkSize: 1,
        chunkIndex: 1,
        sort: { by: "value", dataPoint: SCOPE1, reportingPeriod: "2024" },
      }),
    );
    expect(sorted.body.totalCompanies).toBe(4);
    expect(sorted.body.rows.map((row) => row.companyName)).toEqual(["Alpha Energie AG"]);
  });
});

describe("sorting by a number", () => {
  // Companies of their own country, so that the selection holds only them.
  const lima: Record<"a" | "b" | "c" | "d" | "e" | "f", string> = {
    a: "",
    b: "",
    c: "",
    d: "",
    e: "",
    f: "",
  };
  const limaQuery = (direction: string, extra: Record<string, unknown> = {}) =>
    base({
      companies: { countryCodes: ["LU"] },
      sort: { by: "value", dataPoint: SCOPE1, reportingPeriod: "2024", direction },
      ...extra,
    });
  const names = async (body: unknown) => (await query(alice, body)).body.rows.map((row) => row.companyName);

  beforeAll(async () => {
    lima.a = await company("Lima A SA", "LU", "Energy");
    lima.b = await company("Lima B SA", "LU", "Energy");
    lima.c = await company("Lima C SA", "LU", "Energy");
    lima.d = await company("Lima D SA", "LU", "Energy");
    lima.e = await company("Lima E SA", "LU", "Energy");
    lima.f = await company("Lima F SA", "LU", "Energy");
    await uploadSfdr(lima.b, "2024", withScope1(300));
    await uploadSfdr(lima.a, "2024", withScope1(300));
    await uploadSfdr(lima.c, "2024", withScope1(9));
    await uploadSfdr(lima.d, "2024", withScope1(7000));
    // Accepted later: it replaces 7000 as D's active value.
    await uploadSfdr(lima.d, "2024", withScope1(1000));
    await uploadSfdr(lima.e, "2024", withScope1(20));
    // Waiting for review: E's value stays 20.
    await uploadSfdr(lima.e, "2024", withScope1(5000), false);
  }, 120_000);

  it("orders by the active dataset's number, ties by name, the companies without one last", async () => {
    expect(await names(limaQuery("desc"))).toEqual([
      "Lima D SA",
      "Lima A SA",
      "Lima B SA",
      "Lima E SA",
      "Lima C SA",
      "Lima F SA",
    ]);
    expect(await names(limaQuery("asc"))).toEqual([
      "Lima C SA",
      "Lima E SA",
      "Lima A SA",
      "Lima B SA",
      "Lima D SA",
      "Lima F SA",
    ]);
  });

  it("gives the same order page by page, up to the pages of companies without a value", async () => {
    for (const direction of ["asc", "desc"]) {
      const whole = await names(limaQuery(direction));
      const pages: string[] = [];
      for (let chunkIndex = 0; chunkIndex < 4; chunkIndex++) {
        const page = await query(alice, limaQuery(direction, { chunkSize: 2, chunkIndex }));
        expect(page.body.totalCompanies).toBe(6);
        pages.push(...page.body.rows.map((row) => row.companyName));
      }
      expect(pages).toEqual(whole);
    }
  });

  it("exports in the same order", async () => {
    const response = await platform.request("/api/explorer/export?format=csv", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: alice.authorization },
      body: JSON.stringify(limaQuery("desc")),
    });
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(await names(limaQuery("desc")));
  });
});

describe("portfolios", () => {
  let portfolioId = "";

  beforeAll(async () => {
    const created = await call<{ portfolioId: string }>(alice, "/users/portfolios/", {
      portfolioName: "Explorer holdings",
      identifiers: [ids.gamma, ids.alpha],
      isMonitored: false,
      monitoredFrameworks: [],
      notificationFrequency: "Weekly",
      sharedUserIds: [],
    });
    expect(created.status).toBe(201);
    portfolioId = created.body.portfolioId;
  });

  it("reads the companies of the user's own portfolio", async () => {
    const { status, body } = await query(alice, base({ companies: { portfolioId } }));
    expect(status).toBe(200);
    expect(body.rows.map((row) => row.companyId)).toEqual([ids.alpha, ids.gamma]);
    const narrowed = await query(alice, base({ companies: { portfolioId, sectors: ["Materials"] } }));
    expect(narrowed.body.rows.map((row) => row.companyId)).toEqual([ids.gamma]);
  });

  it("answers 404 for someone else's portfolio, as for one that does not exist", async () => {
    const foreign = await query<{ errors: { httpStatus: number }[] }>(
      stranger,
      base({ companies: { portfolioId } }),
    );
    expect(foreign.status).toBe(404);
    expect((await query(stranger, base({ companies: { portfolioId: crypto.randomUUID() } }))).status).toBe(
      404,
    );
    const exported = await call(
      stranger,
      "/api/explorer/export?format=csv",
      base({ companies: { portfolioId } }),
    );
    expect(exported.status).toBe(404);
  });
});

describe("private VSME data", () => {
  const vsme = (companies: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    framework: "vsme",
    dataPoints: [VSME_POINT],
    reportingPeriods: ["2024"],
    companies,
    ...extra,
  });

  it("is read by its uploader and admins", async () => {
    for (const who of [vsmeUploader, admin]) {
      const { body } = await query(who, vsme({ companyIds: [ids.epsilon] }));
      expect(body.rows[0]?.cells[0]).toMatchObject({ value: 777, unit: "MWh" });
    }
  });

  it("never reaches anyone else: not as a value, not through has-data, sorting or the export", async () => {
    const { body } = await query(stranger, vsme({ companyIds: [ids.epsilon] }));
    expect(body.rows[0]?.cells[0]).toEqual({ value: null, qaStatus: null, missing: "NoDataset" });
    expect((await query(stranger, vsme({ hasData: true }))).body.rows).toEqual([]);
    expect(
      (await query(vsmeUploader, vsme({ hasData: true }))).body.rows.map((row) => row.companyId),
    ).toEqual([ids.epsilon]);
    const sorted = await query(
      stranger,
      vsme(
        { companyIds: [ids.alpha, ids.epsilon] },
        { sort: { by: "value", dataPoint: VSME_POINT, reportingPeriod: "2024", direction: "desc" } },
      ),
    );
    // Without access the value counts as missing: the order is the name order, Epsilon not first.
    expect(sorted.body.rows.map((row) => row.companyId)).toEqual([ids.alpha, ids.epsilon]);
    const exported = await platform.request("/api/explorer/export?format=json", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: stranger.authorization },
      body: JSON.stringify(vsme({ companyIds: [ids.epsilon] })),
    });
    // The value, not the digits: a random company id may hold "777" too.
    expect(await exported.text()).not.toMatch(/"value":\s*777\b/);
    const csvOf = async (who: TestUser) =>
      (
        await (
          await platform.request("/api/explorer/export?format=csv", {
            method: "POST",
            headers: { "content-type": "application/json", authorization: who.authorization },
            body: JSON.stringify(vsme({ companyIds: [ids.epsilon] })),
          })
        ).text()
      )
        .trimEnd()
        .split("\r\n")[1];
    expect(await csvOf(stranger)).toBe("Epsilon Handwerk KG,,DE,Industrials,");
    expect(await csvOf(vsmeUploader)).toBe("Epsilon Handwerk KG,,DE,Industrials,777");
  });
});

describe("exports", () => {
  const download = async (format: string, body: unknown) => {
    const response = await platform.request(`/api/explorer/export?format=${format}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: alice.authorization },
      body: JSON.stringify(body),
    });
    return response;
  };
  const sorted = () =>
    base({
      sort: { by: "value", dataPoint: SCOPE1, reportingPeriod: "2024", direction: "desc" },
      chunkSize: 1,
    });

  it("writes the table as CSV, in the query's order, every page", async () => {
    const response = await download("csv", sorted());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="explorer-sfdr-.*\.csv"/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Company,LEI,Country,Sector,Scope 1 GHG emissions (Tonnes) 2023,Scope 1 GHG emissions (Tonnes) 2024,Scope 2 GHG emissions (Tonnes) 2023,Scope 2 GHG emissions (Tonnes) 2024",
    );
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 6).join(","))).toEqual([
      "Alpha Energie AG,,DE,Energy,100,120",
      "Beta Banque SA,,FR,Financials,,50",
      "Delta Foods GmbH,,DE,Consumer Staples,,",
      "Gamma Stahl GmbH,,DE,Materials,,",
    ]);
  });

  it("writes the same table as Excel", async () => {
    const response = await download("xlsx", sorted());
    expect(response.status).toBe(200);
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(0, 5)).toEqual([
      "Company",
      "LEI",
      "Country",
      "Sector",
      "Scope 1 GHG emissions (Tonnes) 2023",
    ]);
    expect(rows[1]?.slice(0, 6)).toEqual(["Alpha Energie AG", undefined, "DE", "Energy", 100, 120]);
    expect(rows.length).toBe(5);
  });

  it("writes the cells as the query gives them as JSON", async () => {
    const response = await download("json", sorted());
    const body = (await response.json()) as Result & { framework: string };
    const page = await query(alice, { ...sorted(), chunkSize: 100 });
    expect(body.framework).toBe("sfdr");
    expect(body.columns).toEqual(page.body.columns);
    expect(body.rows).toEqual(page.body.rows);
  });

  it("refuses an unknown format and bad input before writing anything", async () => {
    expect((await download("pdf", base())).status).toBe(400);
    expect((await download("csv", base({ dataPoints: ["nothing"] }))).status).toBe(400);
  });
});
