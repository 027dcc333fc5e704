import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerFor } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { readAuditTrail } from "../audit";
import { DEMO_COMPANY_ID } from "./demo-ids";
import { withLeiCheckDigits } from "./identifiers";
import { scopesOverlap } from "./proxies";
import { DEMO_PROXIED_COMPANY_INDEX, demoCompanies, seedDemoCompanies, seedDemoProxy } from "./seed";

let platform: TestPlatform;
let admin: string;
let uploader: string;
let user: string;
let serial = 0;

async function call(method: string, path: string, body?: unknown, authorization?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (authorization) headers.authorization = authorization;
  const response = await platform.request(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function newCompany(): Promise<string> {
  serial += 1;
  const response = await call(
    "POST",
    "/companies",
    {
      companyName: `Proxy Test Company ${serial}`,
      headquarters: "Frankfurt",
      countryCode: "DE",
      identifiers: { Lei: [withLeiCheckDigits(`PRXY00${String(serial).padStart(12, "0")}`)] },
    },
    uploader,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.companyId;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await bearerFor(platform, { username: "proxy-admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  uploader = await bearerFor(platform, { username: "proxy-uploader", roles: ["ROLE_USER", "ROLE_UPLOADER"] });
  user = await bearerFor(platform, { username: "proxy-user", roles: ["ROLE_USER"] });
});

afterAll(async () => {
  await platform?.close();
});

describe("which proxy scopes overlap", () => {
  it("overlaps when frameworks and periods are shared, null standing for all", () => {
    expect(
      scopesOverlap(
        { framework: "sfdr", reportingPeriod: "2024" },
        { framework: "sfdr", reportingPeriod: "2024" },
      ),
    ).toBe(true);
    expect(
      scopesOverlap(
        { framework: null, reportingPeriod: "2024" },
        { framework: "lksg", reportingPeriod: null },
      ),
    ).toBe(true);
    expect(
      scopesOverlap(
        { framework: "sfdr", reportingPeriod: null },
        { framework: "lksg", reportingPeriod: null },
      ),
    ).toBe(false);
    expect(
      scopesOverlap(
        { framework: null, reportingPeriod: "2023" },
        { framework: null, reportingPeriod: "2024" },
      ),
    ).toBe(false);
  });
});

describe("recording, reading, replacing and removing a proxy", () => {
  it("goes through for an admin and answers in the reference's shape", async () => {
    const parent = await newCompany();
    const subsidiary = await newCompany();
    const created = await call(
      "POST",
      "/company-proxies",
      { proxiedCompanyId: subsidiary, proxyCompanyId: parent, framework: "sfdr", reportingPeriod: "2024" },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const proxyId = created.body.proxyId;
    expect(created.body).toEqual({
      proxyId,
      proxiedCompanyId: subsidiary,
      proxyCompanyId: parent,
      framework: "sfdr",
      reportingPeriod: "2024",
    });
    expect(await call("GET", `/company-proxies/${proxyId}`, undefined, admin)).toEqual({
      status: 200,
      body: created.body,
    });

    const replaced = await call(
      "PUT",
      `/company-proxies/${proxyId}`,
      { proxiedCompanyId: subsidiary, proxyCompanyId: parent, framework: "lksg", reportingPeriod: null },
      admin,
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ proxyId, framework: "lksg", reportingPeriod: null });
    expect((await call("GET", `/company-proxies/${proxyId}`, undefined, admin)).body).toEqual(replaced.body);

    const removed = await call("DELETE", `/company-proxies/${proxyId}`, undefined, admin);
    expect(removed).toEqual({ status: 200, body: replaced.body });
    expect((await call("GET", `/company-proxies/${proxyId}`, undefined, admin)).status).toBe(404);
    expect((await call("DELETE", `/company-proxies/${proxyId}`, undefined, admin)).status).toBe(404);

    const trail = await readAuditTrail(
      platform.database.db,
      { objectType: "company-proxy", objectId: proxyId },
      { limit: 10, offset: 0 },
    );
    expect(
      trail.entries.map(({ action, actorName, before, after }) => ({ action, actorName, before, after })),
    ).toEqual([
      {
        action: "company-proxy.deleted",
        actorName: expect.stringContaining("proxy-admin"),
        before: replaced.body,
        after: null,
      },
      {
        action: "company-proxy.replaced",
        actorName: expect.stringContaining("proxy-admin"),
        before: created.body,
        after: replaced.body,
      },
      {
        action: "company-proxy.created",
        actorName: expect.stringContaining("proxy-admin"),
        before: null,
        after: created.body,
      },
    ]);
  });

  it("takes an absent framework and period as all of them", async () => {
    const parent = await newCompany();
    const subsidiary = await newCompany();
    const created = await call(
      "POST",
      "/company-proxies",
      { proxiedCompanyId: subsidiary, proxyCompanyId: parent },
      admin,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ framework: null, reportingPeriod: null });
  });

  it("answers 404 for an unknown or malformed proxy id", async () => {
    const parent = await newCompany();
    const subsidiary = await newCompany();
    for (const proxyId of [randomUUID(), "not-an-id"]) {
      expect((await call("GET", `/company-proxies/${proxyId}`, undefined, admin)).status).toBe(404);
      expect((await call("DELETE", `/company-proxies/${proxyId}`, undefined, admin)).status).toBe(404);
      const put = await call(
        "PUT",
        `/company-proxies/${proxyId}`,
        { proxiedCompanyId: subsidiary, proxyCompanyId: parent },
        admin,
      );
      expect(put.status).toBe(404);
    }
  });
});

describe("who may", () => {
  it("lets only admins write and read single proxies, and signed-in users search", async () => {
    const parent = await newCompany();
    const subsidiary = await newCompany();
    const body = { proxiedCompanyId: subsidiary, proxyCompanyId: parent, framework: "sfdr" };
    expect((await call("POST", "/company-proxies", body)).status).toBe(401);
    expect((await call("POST", "/company-proxies", body, uploader)).status).toBe(403);
    expect((await call("POST", "/company-proxies", body, user)).status).toBe(403);
    const created = await call("POST", "/company-proxies", body, admin);
    expect(created.status).toBe(200);
    const path = `/company-proxies/${created.body.proxyId}`;
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", body],
      ["DELETE", undefined],
    ] as const) {
      expect((await call(method, path, payload)).status).toBe(401);
      expect((await call(method, path, payload, user)).status).toBe(403);
    }
    expect((await call("GET", `/company-proxies?proxiedCompanyId=${subsidiary}`)).status).toBe(401);
    const found = await call("GET", `/company-proxies?proxiedCompanyId=${subsidiary}`, undefined, user);
    expect(found).toEqual({ status: 200, body: [created.body] });
  });
});

describe("bad input", () => {
  it("refuses unknown and malformed companies, a company standing in for itself, unknown frameworks and periods", async () => {
    const parent = await newCompany();
    const subsidiary = await newCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ proxiedCompanyId: randomUUID(), proxyCompanyId: parent }, "proxiedCompanyId"],
      [{ proxiedCompanyId: subsidiary, proxyCompanyId: randomUUID() }, "proxyCompanyId"],
      [{ proxiedCompanyId: "123", proxyCompanyId: parent }, "proxiedCompanyId"],
      [{ proxiedCompanyId: subsidiary, proxyCompanyId: subsidiary }, "itself"],
      [{ proxiedCompanyId: subsidiary, proxyCompanyId: parent, framework: "esg-questionnaire" }, "framework"],
      [{ proxiedCompanyId: subsidiary, proxyCompanyId: parent, reportingPeriod: "FY24" }, "reportingPeriod"],
      [{ proxyCompanyId: parent }, "proxiedCompanyId"],
    ];
    for (const [body, named] of cases) {
      const response = await call("POST", "/company-proxies", body, admin);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body)).toContain(named);
    }
    const search = await call("GET", `/company-proxies?proxiedCompanyId=${subsidiary}`, undefined, admin);
    expect(search.body).toEqual([]);
  });

  it("refuses a proxy overlapping another of the same company, and leaves the stored one as it was", async () => {
    const parent = await newCompany();
    const other = await newCompany();
    const subsidiary = await newCompany();
    const first = await call(
      "POST",
      "/company-proxies",
      { proxiedCompanyId: subsidiary, proxyCompanyId: parent, framework: "sfdr", reportingPeriod: "2024" },
      admin,
    );
    const second = await call(
      "POST",
      "/company-proxies",
      { proxiedCompanyId: subsidiary, proxyCompanyId: parent, framework: "sfdr", reportingPeriod: "2023" },
      admin,
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    for (const overlapping of [
      { framework: "sfdr", reportingPeriod: "2024" },
      { framework: null, reportingPeriod: "2024" },
      { framework: "sfdr", reportingPeriod: null },
      {},
    ]) {
      const refused = await call(
        "POST",
        "/company-proxies",
        { proxiedCompanyId: subsidiary, proxyCompanyId: other, ...overlapping },
        admin,
      );
      expect(refused.status, JSON.stringify(overlapping)).toBe(400);
      expect(refused.body.errors[0].message).toContain(first.body.proxyId);
    }
    const replacing = await call(
      "PUT",
      `/company-proxies/${second.body.proxyId}`,
      { proxiedCompanyId: subsidiary, proxyCompanyId: other, framework: "sfdr", reportingPeriod: "2024" },
      admin,
    );
    expect(replacing.status).toBe(400);
    expect((await call("GET", `/company-proxies/${second.body.proxyId}`, undefined, admin)).body).toEqual(
      second.body,
    );
    // Replacing a proxy by itself with another proxy company is no overlap with itself.
    const moved = await call(
      "PUT",
      `/company-proxies/${second.body.proxyId}`,
      { proxiedCompanyId: subsidiary, proxyCompanyId: other, framework: "sfdr", reportingPeriod: "2023" },
      admin,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.proxyCompanyId).toBe(other);
    const nonOverlapping = await call(
      "POST",
      "/company-proxies",
      { proxiedCompanyId: subsidiary, proxyCompanyId: other, framework: "lksg" },
      admin,
    );
    expect(nonOverlapping.status).toBe(200);
  });
});

describe("searching", () => {
  it("filters by company, framework and period, counting proxies for all as matching, in chunks", async () => {
    const parent = await newCompany();
    const subsidiaryA = await newCompany();
    const subsidiaryB = await newCompany();
    const post = async (body: Record<string, unknown>) => {
      const response = await call("POST", "/company-proxies", { proxyCompanyId: parent, ...body }, admin);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.proxyId as string;
    };
    const aSfdr = await post({ proxiedCompanyId: subsidiaryA, framework: "sfdr", reportingPeriod: "2024" });
    const aAll = await post({ proxiedCompanyId: subsidiaryA, framework: "lksg" });
    const bAll = await post({ proxiedCompanyId: subsidiaryB });
    const ids = async (query: string) => {
      const response = await call("GET", `/company-proxies?${query}`, undefined, user);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body as { proxyId: string }[]).map((proxy) => proxy.proxyId);
    };
    expect(await ids(`proxyCompanyId=${parent}`)).toEqual([aSfdr, aAll, bAll]);
    expect(await ids(`proxiedCompanyId=${subsidiaryA}`)).toEqual([aSfdr, aAll]);
    expect(await ids(`proxyCompanyId=${parent}&frameworks=sfdr`)).toEqual([aSfdr, bAll]);
    expect(await ids(`proxyCompanyId=${parent}&frameworks=sfdr&frameworks=lksg`)).toEqual([
      aSfdr,
      aAll,
      bAll,
    ]);
    expect(await ids(`proxyCompanyId=${parent}&reportingPeriods=2023`)).toEqual([aAll, bAll]);
    expect(await ids(`proxyCompanyId=${parent}&chunkSize=2&chunkIndex=1`)).toEqual([bAll]);

    expect((await call("GET", "/company-proxies?frameworks=unknown", undefined, user)).status).toBe(400);
    expect(
      (await call("GET", `/company-proxies?proxiedCompanyId=${randomUUID()}`, undefined, user)).status,
    ).toBe(400);
    expect((await call("GET", "/company-proxies?proxyCompanyId=xyz", undefined, user)).status).toBe(400);
    expect((await call("GET", "/company-proxies?chunkSize=0", undefined, user)).status).toBe(400);
  });
});

describe("the demo", () => {
  it("has the demo company report for one of its subsidiaries, once however often it is seeded", async () => {
    await seedDemoCompanies(platform.context);
    expect(await seedDemoProxy(platform.context)).toBe(true);
    expect(await seedDemoProxy(platform.context)).toBe(false);
    const subsidiary = demoCompanies()[DEMO_PROXIED_COMPANY_INDEX];
    const found = await call(
      "GET",
      `/company-proxies?proxiedCompanyId=${subsidiary?.companyId}`,
      undefined,
      user,
    );
    expect(found.body).toEqual([
      expect.objectContaining({ proxyCompanyId: DEMO_COMPANY_ID, framework: null, reportingPeriod: null }),
    ]);
    const info = await call("GET", `/companies/${subsidiary?.companyId}`);
    const parent = await call("GET", `/companies/${DEMO_COMPANY_ID}`);
    expect(info.body.companyInformation.parentCompanyLei).toBe(
      parent.body.companyInformation.identifiers.Lei[0],
    );
  });
});
