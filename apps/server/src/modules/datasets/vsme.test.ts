import { generateCompleteDataset } from "@openverde/frameworks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simplePdf } from "../../platform/pdf";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { referencedReports } from "./framework-data";
import { company, json, sha256, type TestUser, user, withoutNulls } from "./test-helpers";

let platform: TestPlatform;
let uploader: TestUser;
let member: TestUser;
let admin: TestUser;
let reviewer: TestUser;
let stranger: TestUser;
let companyId: string;
let data: Record<string, unknown>;
let files: { name: string; bytes: Buffer }[];
let dataId: string;

const call = async (path: string, init: RequestInit = {}) => {
  const response = await platform.request(path, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body: body as never, headers: response.headers };
};

function multipart(body: unknown, documents: { name: string; bytes: Buffer }[]): FormData {
  const form = new FormData();
  form.append("companyAssociatedVsmeData", new Blob([JSON.stringify(body)], { type: "application/json" }));
  for (const document of documents)
    form.append(
      "documents",
      new Blob([new Uint8Array(document.bytes)], { type: "application/pdf" }),
      document.name,
    );
  return form;
}

const post = (who: TestUser, form: FormData) =>
  call("/api/data/vsme", { method: "POST", headers: { authorization: who.authorization }, body: form });

beforeAll(async () => {
  platform = await startTestPlatform();
  uploader = await user(platform, "vsme-uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
  member = await user(platform, "vsme-member", ["ROLE_USER"]);
  admin = await user(platform, "vsme-admin", ["ROLE_USER", "ROLE_ADMIN"]);
  reviewer = await user(platform, "vsme-reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
  stranger = await user(platform, "vsme-stranger", ["ROLE_USER"]);
  ({ companyId } = await company(platform));
  const assigned = await call(`/community/company-role-assignments/Member/${companyId}/${member.userId}`, {
    method: "POST",
    headers: { authorization: admin.authorization },
  });
  expect(assigned.status).toBe(200);
  const generated = generateCompleteDataset("vsme", 3);
  let text = JSON.stringify(generated);
  files = [];
  for (const report of referencedReports("vsme", generated)) {
    const bytes = simplePdf([`VSME report ${report.name}`]);
    files.push({ name: `${report.name}.pdf`, bytes });
    text = text.replaceAll(report.fileReference, sha256(bytes));
  }
  data = JSON.parse(text);
});
afterAll(async () => platform?.close());

describe("private VSME data", () => {
  it("is uploaded as multipart with the documents it cites", async () => {
    expect(
      (await post(stranger, multipart({ companyId, reportingPeriod: "2024", data }, files))).status,
    ).toBe(403);
    const missing = await post(
      uploader,
      multipart({ companyId, reportingPeriod: "2024", data }, files.slice(1)),
    );
    expect(missing.status).toBe(400);
    const extra = { name: "unrelated.pdf", bytes: simplePdf(["not cited"]) };
    expect(
      (await post(uploader, multipart({ companyId, reportingPeriod: "2024", data }, [...files, extra])))
        .status,
    ).toBe(400);
    const bad = await post(uploader, multipart({ companyId, reportingPeriod: "24", data }, files));
    expect(bad.status).toBe(400);
    const stored = await post(uploader, multipart({ companyId, reportingPeriod: "2024", data }, files));
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      dataType: "vsme",
      companyId,
      currentlyActive: true,
      uploaderUserId: uploader.userId,
    });
    dataId = (stored.body as { dataId: string }).dataId;
  });

  it("is seen by the uploader, the company's members and admins, with its documents", async () => {
    for (const who of [uploader, member, admin]) {
      const read = await call(`/api/data/vsme/${dataId}`, json(who.authorization));
      expect(read.status).toBe(200);
      expect(withoutNulls(read.body)).toEqual(withoutNulls({ companyId, reportingPeriod: "2024", data }));
      const list = await call(`/api/data/vsme/companies/${companyId}`, json(who.authorization));
      expect((list.body as unknown[]).length).toBe(1);
      const meta = await call(`/api/metadata?companyId=${companyId}&dataType=vsme`, json(who.authorization));
      expect((meta.body as unknown[]).length).toBe(1);
      const file = files[0] as { name: string; bytes: Buffer };
      const document = await platform.request(
        `/api/data/vsme/documents?dataId=${dataId}&hash=${sha256(file.bytes)}`,
        {
          headers: { authorization: who.authorization },
        },
      );
      expect(document.status).toBe(200);
      expect(Buffer.from(await document.arrayBuffer()).equals(file.bytes)).toBe(true);
    }
  });

  it("does not exist for anyone else: not by id, in lists, metadata, availability or documents", async () => {
    for (const who of [stranger, reviewer]) {
      expect((await call(`/api/data/vsme/${dataId}`, json(who.authorization))).status).toBe(404);
      expect((await call(`/api/metadata/${dataId}`, json(who.authorization))).status).toBe(404);
      expect((await call(`/api/data/vsme/companies/${companyId}`, json(who.authorization))).body).toEqual([]);
      expect((await call(`/api/metadata?companyId=${companyId}`, json(who.authorization))).body).toEqual([]);
      expect(
        (
          await call(
            `/api/metadata/available-data-dimensions?companyIds=${companyId}`,
            json(who.authorization),
          )
        ).body,
      ).toEqual([]);
      expect(
        (
          await call(
            "/api/metadata/active-dataset-search",
            json(who.authorization, [{ companyId, dataType: "vsme", reportingPeriod: "2024" }]),
          )
        ).body,
      ).toEqual([]);
      const file = files[0] as { name: string; bytes: Buffer };
      expect(
        (
          await call(
            `/api/data/vsme/documents?dataId=${dataId}&hash=${sha256(file.bytes)}`,
            json(who.authorization),
          )
        ).status,
      ).toBe(404);
      expect((await call(`/documents/${sha256(file.bytes)}`, json(who.authorization))).status).not.toBe(200);
    }
    expect((await call(`/api/data/vsme/${dataId}`)).status).toBe(401);
    const summary = await call(`/api/companies/${companyId}/aggregated-framework-data-summary`);
    expect(
      (summary.body as Record<string, { numberOfProvidedReportingPeriods: number }>).vsme
        ?.numberOfProvidedReportingPeriods ?? 0,
    ).toBe(0);
    const exported = await call(
      "/api/data/vsme/export-jobs",
      json(admin.authorization, { companyIds: [companyId], reportingPeriods: ["2024"], fileFormat: "CSV" }),
    );
    expect(exported.status).toBe(404);
  });
});
