import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../app";
import type { RealmRole } from "../../platform/auth/actor";
import { bearerFor, signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { giveRole } from "../community/test-helpers";
import { createCompany } from "../companies/service";
import { DEMO_USERS } from "../identity/demo";
import { DEMO_COMPANY_ID } from "./companies";
import {
  oleWithStream,
  randomPdfLike,
  sampleDocx,
  sampleOds,
  samplePdf,
  sampleXlsx,
  zipOf,
} from "./test-files";
import { cleanUpStaging, STORAGE_CHUNK_BYTES } from "./upload";

interface ErrorBody {
  errors: { errorType: string; summary: string; message: string; httpStatus: number }[];
}

interface MetaResponse {
  documentId: string;
  documentName?: string;
  documentCategory?: string;
  companyIds?: string[];
  uploaderId: string;
  publicationDate?: string;
  reportingPeriod?: string;
}

const DEMO_UPLOADER_ID = DEMO_USERS.find((user) => user.username === "data_uploader")?.id;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

type Meta = Record<string, unknown> | string | undefined;

function form(file: Buffer, meta: Meta, fileName = "report.pdf"): FormData {
  const body = new FormData();
  if (meta !== undefined)
    body.append(
      "documentMetaInfo",
      new Blob([typeof meta === "string" ? meta : JSON.stringify(meta)], { type: "application/json" }),
    );
  body.append("document", new Blob([file], { type: "application/octet-stream" }), fileName);
  return body;
}

const meta = (overrides: Record<string, unknown> = {}) => ({
  documentName: "Annual report",
  documentCategory: "AnnualReport",
  companyIds: [],
  ...overrides,
});

async function countRows(platform: TestPlatform) {
  const result = await sql<{ blobs: number; chunks: number; documents: number }>`select
    (select count(*) from document_blob)::float8 as blobs,
    (select count(*) from document_blob_chunk)::float8 as chunks,
    (select count(*) from document)::float8 as documents`.execute(platform.database.db);
  const row = result.rows[0];
  return { blobs: Number(row?.blobs), chunks: Number(row?.chunks), documents: Number(row?.documents) };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("condition not met in time");
}

describe("documents", () => {
  let platform: TestPlatform;
  const auth: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let companyA = "";
  let companyB = "";

  const as = async (username: string, roles: RealmRole[]) => {
    const user = await signIn(platform, { username, roles });
    auth[username] = user.authorization;
    ids[username] = user.userId;
  };

  const upload = (file: Buffer, metaInfo: Meta, who = "uploader", fileName?: string) =>
    platform.request("/documents/", {
      method: "POST",
      headers: who ? { authorization: auth[who] ?? "" } : {},
      body: form(file, metaInfo, fileName),
    });

  const call = (path: string, who: string | undefined, init: RequestInit = {}) =>
    platform.request(`/documents${path}`, {
      ...init,
      headers: { ...(who ? { authorization: auth[who] ?? "" } : {}), ...(init.headers as object) },
    });

  const json = (method: string, path: string, who: string, body: unknown) =>
    call(path, who, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  beforeAll(async () => {
    platform = await startTestPlatform();
    await as("uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    await as("other_uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    await as("reader", ["ROLE_USER"]);
    await as("admin", ["ROLE_USER", "ROLE_ADMIN"]);
    const company = (name: string) =>
      createCompany(platform.database.db, {
        companyName: name,
        headquarters: "Berlin",
        countryCode: "DE",
        identifiers: {},
      } as never);
    companyA = (await company("Alpha Energie AG")).companyId;
    companyB = (await company("Beta Wasser GmbH")).companyId;
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("stores a PDF under the SHA-256 of its bytes and serves its metadata", async () => {
    const pdf = samplePdf("Alpha annual report 2023", 3);
    const response = await upload(
      pdf,
      meta({ companyIds: [companyA], publicationDate: "2024-03-28", reportingPeriod: "2023" }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as MetaResponse;
    expect(body).toEqual({
      documentId: sha256(pdf),
      documentName: "Annual report",
      documentCategory: "AnnualReport",
      companyIds: [companyA],
      uploaderId: ids.uploader,
      publicationDate: "2024-03-28",
      reportingPeriod: "2023",
    });

    const metadata = await call(`/${body.documentId}/metadata`, "reader");
    expect(metadata.status).toBe(200);
    const entity = (await metadata.json()) as Record<string, unknown>;
    expect(entity).toMatchObject({
      documentId: sha256(pdf),
      documentType: "Pdf",
      qaStatus: "Accepted",
      isViewableByUser: true,
      companyIds: [companyA],
    });
    expect(Math.abs((entity.uploadTime as number) - Date.now())).toBeLessThan(60_000);
  });

  it("stores the same bytes once, returns the same id and merges the metadata", async () => {
    const pdf = samplePdf("Shared report");
    const first = await upload(
      pdf,
      meta({ documentName: "Shared", documentCategory: "Other", companyIds: [companyA] }),
    );
    expect(first.status).toBe(200);
    const before = await countRows(platform);
    const second = await upload(
      pdf,
      meta({
        documentName: "Another name",
        documentCategory: "Policy",
        companyIds: [companyB],
        reportingPeriod: "2024",
      }),
      "other_uploader",
      "other-name.pdf",
    );
    expect(second.status).toBe(200);
    const merged = (await second.json()) as MetaResponse;
    expect(merged.documentId).toBe(sha256(pdf));
    expect(merged).toMatchObject({
      documentName: "Shared",
      documentCategory: "Other",
      reportingPeriod: "2024",
      uploaderId: ids.uploader,
    });
    expect([...(merged.companyIds ?? [])].sort()).toEqual([companyA, companyB].sort());
    expect(await countRows(platform)).toEqual(before);
  });

  it("recognises file types by their bytes and refuses the others", async () => {
    const cases: [Buffer, string, string][] = [
      [await sampleXlsx(), "Xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      [sampleDocx(), "Docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [sampleOds(), "Ods", "application/vnd.oasis.opendocument.spreadsheet"],
      [oleWithStream("Workbook"), "Xls", "application/vnd.ms-excel"],
    ];
    for (const [bytes, type, mediaType] of cases) {
      // The name claims PDF; the bytes decide.
      const response = await upload(bytes, meta({ documentName: `${type} file` }), "uploader", "claims.pdf");
      expect(response.status, type).toBe(200);
      const { documentId } = (await response.json()) as MetaResponse;
      const entity = (await (await call(`/${documentId}/metadata`, "reader")).json()) as {
        documentType: string;
      };
      expect(entity.documentType).toBe(type);
      const download = await call(`/${documentId}`, "reader");
      expect(download.headers.get("content-type")).toBe(mediaType);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const refused: [Buffer, string][] = [
      [Buffer.from("just some text, not a report\n".repeat(100)), "text"],
      [zipOf([{ name: "notes.txt", data: "hello" }]), "plain zip"],
      [oleWithStream("WordDocument"), "Word 97 document"],
      [Buffer.from("%PD"), "short"],
    ];
    for (const [bytes, what] of refused) {
      const response = await upload(bytes, meta(), "uploader", "report.pdf");
      expect(response.status, what).toBe(415);
      const body = (await response.json()) as ErrorBody;
      expect(body.errors[0]?.message).toContain("document");
    }
    const empty = await upload(Buffer.alloc(0), meta());
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorBody).errors[0]?.message).toContain("document is empty");
    expect((await countRows(platform)).blobs).toBe((await countRows(platform)).documents);
  });

  it("checks the file name, the document name, the category and the period, naming the field", async () => {
    const pdf = samplePdf("Names");
    const badNames = [
      "",
      " leading",
      "trailing.",
      "trailing ",
      "a<b",
      "a>b",
      "a:b",
      'a"b',
      "a|b",
      "a?b",
      "a*b",
      "a\\b",
      "x".repeat(255),
    ];
    for (const documentName of badNames) {
      const response = await upload(pdf, meta({ documentName }));
      expect(response.status, JSON.stringify(documentName)).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.errors[0]?.message, documentName).toMatch(/^documentMetaInfo\.documentName /);
    }
    const fine = await upload(pdf, meta({ documentName: "x".repeat(254) }));
    expect(fine.status).toBe(200);

    const badFile = await upload(samplePdf("File name"), meta(), "uploader", "report?.pdf");
    expect(badFile.status).toBe(400);
    expect(((await badFile.json()) as ErrorBody).errors[0]?.message).toMatch(/^document file name /);

    const checks: [Record<string, unknown>, string][] = [
      [{ documentCategory: "Brochure" }, "documentMetaInfo.documentCategory"],
      [{ reportingPeriod: "FY23" }, "documentMetaInfo.reportingPeriod"],
      [{ publicationDate: "2024-02-30" }, "documentMetaInfo.publicationDate"],
      [{ companyIds: ["00000000-0000-4000-8000-000000000000"] }, "documentMetaInfo.companyIds"],
      [{ documentName: undefined }, "documentMetaInfo.documentName"],
      [{ colour: "green" }, "documentMetaInfo.colour"],
    ];
    for (const [fields, field] of checks) {
      const response = await upload(samplePdf(`Check ${field}`), meta(fields));
      expect(response.status, field).toBe(400);
      expect(((await response.json()) as ErrorBody).errors[0]?.message, field).toMatch(
        new RegExp(`^${field} `),
      );
    }
    const notJson = await upload(samplePdf("Not JSON"), "{nope");
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as ErrorBody).errors[0]?.message).toMatch(/^documentMetaInfo /);

    const boundary = "----openverde-json-field";
    const jsonField = await platform.request("/documents/", {
      method: "POST",
      headers: {
        authorization: auth.uploader ?? "",
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body:
        `--${boundary}\r\nContent-Disposition: form-data; name="documentMetaInfo"\r\n` +
        `Content-Type: application/json\r\n\r\n{"documentName": \r\n--${boundary}--\r\n`,
    });
    expect(jsonField.status).toBe(400);
    expect(((await jsonField.json()) as ErrorBody).errors[0]?.message).toMatch(/^documentMetaInfo /);

    const noFile = await platform.request("/documents/", {
      method: "POST",
      headers: { authorization: auth.uploader ?? "" },
      body: (() => {
        const body = new FormData();
        body.append("documentMetaInfo", JSON.stringify(meta()));
        return body;
      })(),
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as ErrorBody).errors[0]?.message).toMatch(/^document is required/);

    // A metadata part after the file works as well as one before it.
    const late = new FormData();
    const latePdf = samplePdf("Metadata last");
    late.append("document", new Blob([latePdf]), "late.pdf");
    late.append("documentMetaInfo", JSON.stringify(meta({ documentName: "Late" })));
    const lateResponse = await platform.request("/documents/", {
      method: "POST",
      headers: { authorization: auth.uploader ?? "" },
      body: late,
    });
    expect(lateResponse.status).toBe(200);
    expect(((await lateResponse.json()) as MetaResponse).documentName).toBe("Late");

    // Without metadata the file name is the document name.
    const bare = await upload(samplePdf("Bare"), undefined, "uploader", "Bare upload.pdf");
    expect(bare.status).toBe(200);
    expect(await bare.json()).toMatchObject({ documentName: "Bare upload.pdf", companyIds: [] });
    const counts = await countRows(platform);
    expect(counts.blobs).toBe(counts.documents);
  });

  it("serves the bytes with type, length, ETag, a safe file name and single ranges", async () => {
    // Ten chunks: the download reads several groups of chunks, one ahead of the other.
    const bytes = randomPdfLike(STORAGE_CHUNK_BYTES * 9 + 12_345);
    const response = await upload(bytes, meta({ documentName: 'Bericht "2024" – Übersicht' }));
    expect(response.status).toBe(400); // the quote is not allowed in a name
    const stored = await upload(bytes, meta({ documentName: "Bericht 2024 – Übersicht; final" }));
    expect(stored.status).toBe(200);
    const id = sha256(bytes);

    const full = await call(`/${id}`, "reader", { headers: { "accept-encoding": "gzip" } });
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("application/pdf");
    expect(full.headers.get("content-length")).toBe(String(bytes.length));
    expect(full.headers.get("content-encoding")).toBeNull();
    expect(full.headers.get("etag")).toBe(`"${id}"`);
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    const disposition = full.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(
      /^inline; filename="Bericht 2024 _ _bersicht_ final\.pdf"; filename\*=UTF-8''/,
    );
    expect(disposition).toContain(
      "filename*=UTF-8''Bericht%202024%20%E2%80%93%20%C3%9Cbersicht%3B%20final.pdf",
    );
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true);

    const ranges: [string, number, number][] = [
      ["bytes=0-99", 0, 99],
      [
        `bytes=${STORAGE_CHUNK_BYTES - 10}-${STORAGE_CHUNK_BYTES + 9}`,
        STORAGE_CHUNK_BYTES - 10,
        STORAGE_CHUNK_BYTES + 9,
      ],
      [
        `bytes=${STORAGE_CHUNK_BYTES * 4 - 10}-${STORAGE_CHUNK_BYTES * 8 + 9}`,
        STORAGE_CHUNK_BYTES * 4 - 10,
        STORAGE_CHUNK_BYTES * 8 + 9,
      ],
      ["bytes=-500", bytes.length - 500, bytes.length - 1],
      [`bytes=${STORAGE_CHUNK_BYTES}-`, STORAGE_CHUNK_BYTES, bytes.length - 1],
      [`bytes=100-${bytes.length + 1000}`, 100, bytes.length - 1],
    ];
    for (const [range, start, end] of ranges) {
      const partial = await call(`/${id}`, "reader", { headers: { range } });
      expect(partial.status, range).toBe(206);
      expect(partial.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(partial.headers.get("content-length"), range).toBe(String(end - start + 1));
      expect(Buffer.from(await partial.arrayBuffer()).equals(bytes.subarray(start, end + 1)), range).toBe(
        true,
      );
    }
    const unsatisfiable = await call(`/${id}`, "reader", { headers: { range: `bytes=${bytes.length}-` } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    const several = await call(`/${id}`, "reader", { headers: { range: "bytes=0-1,5-6" } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(bytes.length);
    const staleIfRange = await call(`/${id}`, "reader", {
      headers: { range: "bytes=0-1", "if-range": '"other"' },
    });
    expect(staleIfRange.status).toBe(200);
    await staleIfRange.arrayBuffer();
    const notModified = await call(`/${id}`, "reader", { headers: { "if-none-match": `"${id}"` } });
    expect(notModified.status).toBe(304);
  });

  it("answers HEAD with the headers of the download, or 404", async () => {
    const pdf = samplePdf("Head check");
    const { documentId } = (await (await upload(pdf, meta({ documentName: "Head" }))).json()) as MetaResponse;
    const head = await call(`/${documentId}`, "reader", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(pdf.length));
    expect(head.headers.get("etag")).toBe(`"${documentId}"`);
    expect(head.headers.get("content-type")).toBe("application/pdf");
    const missing = await call(`/${"0".repeat(64)}`, "reader", { method: "HEAD" });
    expect(missing.status).toBe(404);
    const notAnId = await call("/not-a-hash", "reader", { method: "HEAD" });
    expect(notAnId.status).toBe(404);
    const anonymous = await call(`/${documentId}`, undefined, { method: "HEAD" });
    expect(anonymous.status).toBe(401);
    // The same answer as a body: "not stored" is a 200, no failed request in a browser's console.
    const stored = await call(`/${documentId}/existence`, "reader");
    expect(await stored.json()).toEqual({ documentId, exists: true });
    const absent = await call(`/${"0".repeat(64)}/existence`, "reader");
    expect(absent.status).toBe(200);
    expect(await absent.json()).toEqual({ documentId: "0".repeat(64), exists: false });
    expect((await call("/not-a-hash/existence", "reader")).status).toBe(200);
    expect((await call(`/${documentId}/existence`, undefined)).status).toBe(401);
  });

  it("changes metadata for the uploader and admins only, and links companies", async () => {
    const pdf = samplePdf("Patch me");
    const { documentId } = (await (
      await upload(pdf, meta({ documentName: "Patch me" }))
    ).json()) as MetaResponse;

    const patched = await json("PATCH", `/${documentId}`, "uploader", {
      documentName: "Patched",
      reportingPeriod: "2022",
      companyIds: [companyA],
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      documentName: "Patched",
      documentCategory: "AnnualReport",
      reportingPeriod: "2022",
      companyIds: [companyA],
    });
    const badCategory = await json("PATCH", `/${documentId}`, "uploader", { documentCategory: "Leaflet" });
    expect(badCategory.status).toBe(400);
    expect(((await badCategory.json()) as ErrorBody).errors[0]?.message).toContain("documentCategory");
    const badPeriod = await json("PATCH", `/${documentId}`, "uploader", { reportingPeriod: "last year" });
    expect(badPeriod.status).toBe(400);
    expect(((await badPeriod.json()) as ErrorBody).errors[0]?.message).toMatch(/^reportingPeriod /);

    expect((await json("PATCH", `/${documentId}`, "other_uploader", { documentName: "Mine" })).status).toBe(
      403,
    );
    expect((await json("PATCH", `/${documentId}`, "reader", { documentName: "Mine" })).status).toBe(403);
    expect((await json("PATCH", `/${documentId}`, "", { documentName: "Mine" })).status).toBe(401);
    const byAdmin = await json("PATCH", `/${documentId}`, "admin", {
      documentCategory: "SustainabilityReport",
    });
    expect(byAdmin.status).toBe(200);
    expect(((await byAdmin.json()) as MetaResponse).documentCategory).toBe("SustainabilityReport");
    expect((await json("PATCH", `/${"1".repeat(64)}`, "admin", { documentName: "x" })).status).toBe(404);

    const put = await json("PUT", `/${documentId}`, "uploader", {
      documentName: "Replaced",
      documentCategory: "Policy",
      companyIds: [companyB],
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({
      documentId,
      documentName: "Replaced",
      documentCategory: "Policy",
      companyIds: [companyB],
      uploaderId: ids.uploader,
    });

    // Linking a company: whoever may upload for it (here: another uploader), not a plain user.
    expect((await call(`/${documentId}/companies/${companyA}`, "reader", { method: "PATCH" })).status).toBe(
      403,
    );
    const linked = await call(`/${documentId}/companies/${companyA}`, "other_uploader", { method: "PATCH" });
    expect(linked.status).toBe(200);
    expect([...(((await linked.json()) as MetaResponse).companyIds ?? [])].sort()).toEqual(
      [companyA, companyB].sort(),
    );
    const unknownCompany = await call(
      `/${documentId}/companies/00000000-0000-4000-8000-000000000000`,
      "admin",
      {
        method: "PATCH",
      },
    );
    expect(unknownCompany.status).toBe(404);
  });

  it("links a document only to companies the linker may upload documents for", async () => {
    // A company owner (ROLE_USER) may upload for its own company A, not for B.
    await as("owner_a", ["ROLE_USER"]);
    await giveRole(platform, companyA, ids.owner_a ?? "", "CompanyOwner");
    const refused = async (response: Response) => {
      expect(response.status).toBe(403);
      expect(((await response.json()) as ErrorBody).errors[0]?.message).toMatch(/upload/);
    };
    const companiesOf = async (documentId: string) =>
      [
        ...((((await (await call(`/${documentId}/metadata`, "admin")).json()) as MetaResponse).companyIds ??
          []) as string[]),
      ].sort();

    // Upload: each company named must be one the owner may upload for, and there must be one.
    const before = await countRows(platform);
    await refused(
      await upload(samplePdf("Own and foreign"), meta({ companyIds: [companyA, companyB] }), "owner_a"),
    );
    await refused(await upload(samplePdf("No company"), meta({ companyIds: [] }), "owner_a"));
    expect(await countRows(platform)).toEqual(before);
    const own = await upload(
      samplePdf("Own report"),
      meta({ documentName: "Own", companyIds: [companyA] }),
      "owner_a",
    );
    expect(own.status).toBe(200);
    const { documentId } = (await own.json()) as MetaResponse;

    // PATCH and PUT of the metadata, and the link route, may not add the foreign company.
    await refused(await json("PATCH", `/${documentId}`, "owner_a", { companyIds: [companyA, companyB] }));
    await refused(
      await json("PUT", `/${documentId}`, "owner_a", {
        documentName: "Renamed by PUT",
        documentCategory: "AnnualReport",
        companyIds: [companyA, companyB],
      }),
    );
    await refused(await call(`/${documentId}/companies/${companyB}`, "owner_a", { method: "PATCH" }));
    const untouched = (await (await call(`/${documentId}/metadata`, "admin")).json()) as MetaResponse;
    expect(untouched.documentName).toBe("Own");
    expect(untouched.companyIds).toEqual([companyA]);

    // What the owner may do still works: change its own document without touching foreign links.
    const renamed = await json("PATCH", `/${documentId}`, "owner_a", { documentName: "Own, renamed" });
    expect(renamed.status).toBe(200);

    // An admin links B; the owner may then not unlink it, but may keep it while changing the rest.
    expect((await call(`/${documentId}/companies/${companyB}`, "admin", { method: "PATCH" })).status).toBe(
      200,
    );
    await refused(await json("PATCH", `/${documentId}`, "owner_a", { companyIds: [companyA] }));
    await refused(
      await json("PUT", `/${documentId}`, "owner_a", {
        documentName: "Own",
        documentCategory: "AnnualReport",
        companyIds: [companyA],
      }),
    );
    expect(await companiesOf(documentId)).toEqual([companyA, companyB].sort());
    const kept = await json("PUT", `/${documentId}`, "owner_a", {
      documentName: "Own again",
      documentCategory: "Policy",
      companyIds: [companyB, companyA],
    });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as MetaResponse).documentName).toBe("Own again");

    // Uploaders and admins link and unlink any company; the owner links its own company to any document.
    const byAdmin = await json("PATCH", `/${documentId}`, "admin", { companyIds: [companyA] });
    expect(byAdmin.status).toBe(200);
    expect(((await byAdmin.json()) as MetaResponse).companyIds).toEqual([companyA]);
    const foreign = (await (
      await upload(samplePdf("Uploader's report"), meta({ companyIds: [companyB] }))
    ).json()) as MetaResponse;
    const linkedOwn = await call(`/${foreign.documentId}/companies/${companyA}`, "owner_a", {
      method: "PATCH",
    });
    expect(linkedOwn.status).toBe(200);
    expect(await companiesOf(foreign.documentId)).toEqual([companyA, companyB].sort());
    const unlinked = await json("PUT", `/${foreign.documentId}`, "uploader", {
      documentName: "Uploader's report",
      documentCategory: "AnnualReport",
      companyIds: [companyB],
    });
    expect(unlinked.status).toBe(200);
  });

  it("lets only signed-in users read and only uploaders upload", async () => {
    const pdf = samplePdf("Access");
    expect((await upload(pdf, meta(), "")).status).toBe(401);
    expect((await upload(pdf, meta(), "reader")).status).toBe(403);
    const stored = await upload(pdf, meta(), "admin");
    expect(stored.status).toBe(200);
    const { documentId } = (await stored.json()) as MetaResponse;
    expect((await call(`/${documentId}`, undefined)).status).toBe(401);
    expect((await call(`/${documentId}/metadata`, undefined)).status).toBe(401);
    expect((await call(`/?companyId=${companyA}`, undefined)).status).toBe(401);
    expect((await call(`/${documentId}`, "reader")).status).toBe(200);
    expect((await call(`/${"2".repeat(64)}`, "reader")).status).toBe(404);
    expect((await call(`/${"2".repeat(64)}/metadata`, "reader")).status).toBe(404);
  });

  it("lists documents by company, categories and period, newest publication first, in pages", async () => {
    const company = (
      await createCompany(platform.database.db, {
        companyName: "Gamma Listing SE",
        headquarters: "Hamburg",
        countryCode: "DE",
        identifiers: {},
      } as never)
    ).companyId;
    const docs = [
      {
        documentName: "L1",
        documentCategory: "AnnualReport",
        reportingPeriod: "2021",
        publicationDate: "2022-03-01",
      },
      {
        documentName: "L2",
        documentCategory: "AnnualReport",
        reportingPeriod: "2022",
        publicationDate: "2023-03-01",
      },
      {
        documentName: "L3",
        documentCategory: "SustainabilityReport",
        reportingPeriod: "2022",
        publicationDate: "2023-05-01",
      },
      { documentName: "L4", documentCategory: "Policy", publicationDate: "2020-01-01" },
      { documentName: "L5", documentCategory: "Other", reportingPeriod: "2022" },
    ];
    for (const doc of docs) {
      const response = await upload(
        samplePdf(`Listing ${doc.documentName}`),
        meta({ ...doc, companyIds: [company] }),
      );
      expect(response.status).toBe(200);
    }
    const names = async (query: string) => {
      const response = await call(`/?${query}`, "reader");
      expect(response.status, query).toBe(200);
      return ((await response.json()) as MetaResponse[]).map((doc) => doc.documentName);
    };
    expect(await names(`companyId=${company}`)).toEqual(["L3", "L2", "L1", "L4", "L5"]);
    expect(await names(`companyId=${company}&reportingPeriod=2022`)).toEqual(["L3", "L2", "L5"]);
    expect(
      await names(`companyId=${company}&documentCategories=AnnualReport&documentCategories=Policy`),
    ).toEqual(["L2", "L1", "L4"]);
    expect(await names(`companyId=${company}&documentCategories=Other`)).toEqual(["L5"]);
    expect(await names(`companyId=${company}&chunkSize=2&chunkIndex=0`)).toEqual(["L3", "L2"]);
    expect(await names(`companyId=${company}&chunkSize=2&chunkIndex=2`)).toEqual(["L5"]);
    // How many match in all, whatever the page.
    const counted = await call(`/?companyId=${company}&reportingPeriod=2022&chunkSize=2`, "reader");
    expect(counted.headers.get("x-total-count")).toBe("3");
    expect(await names("companyId=00000000-0000-4000-8000-000000000000")).toEqual([]);

    const beyond = await call(`/?companyId=${company}&chunkSize=2&chunkIndex=3`, "reader");
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as ErrorBody).errors[0]?.message).toContain("chunkIndex");
    const noFilter = await call("/", "reader");
    expect(noFilter.status).toBe(400);
    const badCategory = await call("/?documentCategories=Leaflet", "reader");
    expect(badCategory.status).toBe(400);
    expect(((await badCategory.json()) as ErrorBody).errors[0]?.message).toContain("documentCategories");
  });

  it("removes abandoned staging: idle staging any time, all staging when asked", async () => {
    const before = await countRows(platform);
    const { db } = platform.database;
    await sql`insert into document_blob (blob_id, chunk_size, touched_at) values
      ('00000000-0000-4000-8000-00000000aaaa', 4, now() - interval '1 hour'),
      ('00000000-0000-4000-8000-00000000bbbb', 4, now())`.execute(db);
    await sql`insert into document_blob_chunk (blob_id, seq, data) values
      ('00000000-0000-4000-8000-00000000aaaa', 0, '\\x01020304'::bytea),
      ('00000000-0000-4000-8000-00000000bbbb', 0, '\\x0102'::bytea)`.execute(db);
    expect(await cleanUpStaging(db, 15 * 60 * 1000)).toEqual({ uploads: 1, bytes: 4 });
    expect(await cleanUpStaging(db)).toEqual({ uploads: 1, bytes: 2 });
    expect(await countRows(platform)).toEqual(before);
  });

  it("seeds the demo company's policies and due diligence report, and a second seed stores nothing new", async () => {
    await seedDemo(platform.context, platform.composition);
    const after = await countRows(platform);
    const listed = await call(`/?companyId=${DEMO_COMPANY_ID}&chunkSize=1000`, "reader");
    // Other modules' demo data (datasets citing reports) adds documents of the demo company too.
    const docs = ((await listed.json()) as MetaResponse[]).filter(
      (doc) =>
        doc.uploaderId === DEMO_UPLOADER_ID &&
        / (Human Rights Policy|Supplier Code of Conduct|Report on Supply Chain Due Diligence 2024)$/.test(
          doc.documentName ?? "",
        ),
    );
    expect(docs.map((doc) => doc.documentCategory).sort()).toEqual(["Other", "Policy", "Policy"]);
    // Published as a company would: after the year reported on, under a name read as on its web site.
    const report = docs.find((doc) => doc.documentCategory === "Other");
    expect(report).toMatchObject({ reportingPeriod: "2024", publicationDate: "2025-04-24" });
    expect(docs.every((doc) => !doc.documentName?.includes("_"))).toBe(true);
    const first = docs[0];
    if (!first) throw new Error("no demo document");
    const download = await call(`/${first.documentId}`, "reader");
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(sha256(bytes)).toBe(first.documentId);
    await seedDemo(platform.context, platform.composition);
    expect(await countRows(platform)).toEqual(after);
  });

  it("leaves nothing behind when an upload is cut off mid-stream", async () => {
    const before = await countRows(platform);
    const boundary = "----openverde-cut-upload";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentMetaInfo"\r\n` +
        `Content-Type: application/json\r\n\r\n${JSON.stringify(meta())}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="cut.pdf"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    );
    const partOfFile = randomPdfLike(STORAGE_CHUNK_BYTES * 3);
    const url = new URL(`${platform.baseUrl}/documents/`);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: {
        authorization: auth.uploader ?? "",
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + STORAGE_CHUNK_BYTES * 10),
      },
    });
    req.on("error", () => {});
    req.write(head);
    req.write(partOfFile);
    // Wait until the server has written chunks into staging, then cut the connection.
    await waitFor(async () => (await countRows(platform)).chunks > before.chunks);
    req.destroy();
    await waitFor(async () => {
      const now = await countRows(platform);
      return now.blobs === before.blobs && now.chunks === before.chunks;
    });
    expect(await countRows(platform)).toEqual(before);
  });
});

describe("documents with a small size limit", () => {
  let platform: TestPlatform;
  let authorization = "";
  const limit = 300 * 1024;

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { DOCUMENT_MAX_BYTES: String(limit) } });
    authorization = await bearerFor(platform, { username: "limited", roles: ["ROLE_USER", "ROLE_UPLOADER"] });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const send = (bytes: Buffer) =>
    platform.request("/documents/", {
      method: "POST",
      headers: { authorization },
      body: form(bytes, meta()),
    });

  it("refuses a file over the limit with 413 and keeps nothing of it", async () => {
    const over = await send(randomPdfLike(limit + 1));
    expect(over.status).toBe(413);
    const body = (await over.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ httpStatus: 413 });
    expect(body.errors[0]?.message).toBe("document is larger than the limit of 307200 bytes.");
    const huge = await send(randomPdfLike(limit * 8));
    expect(huge.status).toBe(413);
    const exact = await send(randomPdfLike(limit));
    expect(exact.status).toBe(200);
    const result = await sql<{ blobs: number; chunks: number }>`select
      (select count(*) from document_blob)::float8 as blobs,
      (select count(*) from document_blob where state = 'staging')::float8 as chunks`.execute(
      platform.database.db,
    );
    expect(result.rows[0]).toEqual({ blobs: 1, chunks: 0 });
  });
});
