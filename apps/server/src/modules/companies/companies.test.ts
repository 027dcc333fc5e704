import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerFor } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { DEMO_COMPANY_ID, DEMO_COMPANY_LEI } from "./demo-ids";
import { withLeiCheckDigits } from "./identifiers";
import { provideCompanyOwnershipCheck, setCompanyFrameworksWithActiveData } from "./service";

let platform: TestPlatform;
let uploader: string;
let admin: string;
let user: string;
let serial = 0;

const lei = () => withLeiCheckDigits(`TEST00${String(++serial).padStart(12, "0")}`);

function company(overrides: Record<string, unknown> = {}) {
  return {
    companyName: `Test Company ${serial}`,
    headquarters: "Berlin",
    countryCode: "DE",
    identifiers: { Lei: [lei()] },
    ...overrides,
  };
}

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

async function create(overrides: Record<string, unknown> = {}): Promise<{ companyId: string; lei: string }> {
  const information = company(overrides);
  const response = await call("POST", "/companies", information, uploader);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return {
    companyId: response.body.companyId,
    lei: (information.identifiers as { Lei?: string[] }).Lei?.[0] ?? "",
  };
}

beforeAll(async () => {
  platform = await startTestPlatform({ demo: true });
  uploader = await bearerFor(platform, {
    username: "company-uploader",
    roles: ["ROLE_USER", "ROLE_UPLOADER"],
  });
  admin = await bearerFor(platform, { username: "company-admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  user = await bearerFor(platform, { username: "company-user", roles: ["ROLE_USER"] });
});

afterAll(async () => {
  await platform?.close();
});

describe("creating and reading companies", () => {
  it("adds a company for an uploader and answers with its id and information", async () => {
    const information = company({
      companyAlternativeNames: ["TC"],
      companyContactDetails: ["esg.team@hr.example-company.co.uk"],
      sector: "Energy",
      isTeaserCompany: false,
    });
    const created = await call("POST", "/companies", information, uploader);
    expect(created.status).toBe(200);
    expect(created.body.companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.companyInformation).toMatchObject({
      companyName: information.companyName,
      companyAlternativeNames: ["TC"],
      countryCode: "DE",
      identifiers: { Lei: information.identifiers.Lei },
    });
    expect(created.body.dataRegisteredByDataland).toEqual([]);
    const read = await call("GET", `/companies/${created.body.companyId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const info = await call("GET", `/companies/${created.body.companyId}/info`);
    expect(info.body).toEqual(created.body.companyInformation);
    expect(
      (await platform.request(`/api/companies/${created.body.companyId}`, { method: "HEAD" })).status,
    ).toBe(200);
  });

  it("lets an admin add companies too", async () => {
    expect((await call("POST", "/companies", company(), admin)).status).toBe(200);
  });

  it("answers 401 without sign-in and 403 without the uploader or admin role", async () => {
    expect((await call("POST", "/companies", company())).status).toBe(401);
    const denied = await call("POST", "/companies", company(), user);
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].errorType).toBe("access-denied");
  });

  it("refuses missing required fields, naming them", async () => {
    const response = await call(
      "POST",
      "/companies",
      { companyName: "No Country", identifiers: {} },
      uploader,
    );
    expect(response.status).toBe(400);
    const messages = response.body.errors.map((error: { message: string }) => error.message).join(" ");
    expect(messages).toContain("countryCode");
    expect(messages).toContain("headquarters");
  });

  it("refuses unknown country codes, bad contact e-mails, unknown identifier types and blank names", async () => {
    for (const [overrides, field] of [
      [{ countryCode: "XX" }, "countryCode"],
      [{ countryCode: "Germany" }, "countryCode"],
      [{ companyContactDetails: ["not-an-address"] }, "companyContactDetails"],
      [{ companyContactDetails: ["a@b.c.d.e.example"] }, "companyContactDetails"],
      [{ companyContactDetails: ["name with space@example.com"] }, "companyContactDetails"],
      [{ identifiers: { Passport: ["123"] } }, "identifiers.Passport"],
      [{ companyName: "   " }, "companyName"],
    ] as const) {
      const response = await call("POST", "/companies", company(overrides), uploader);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(response.body.errors)).toContain(field);
    }
  });

  it("answers 404 for a company id that does not exist or is no id", async () => {
    for (const id of ["5f1b9d2e-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await call("GET", `/companies/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.errors[0].httpStatus).toBe(404);
      expect((await platform.request(`/api/companies/${id}`, { method: "HEAD" })).status).toBe(404);
      expect((await call("GET", `/companies/${id}/info`)).status).toBe(404);
      expect((await call("GET", `/companies/${id}/subsidiaries`)).status).toBe(404);
      expect((await call("GET", `/companies/${id}/aggregated-framework-data-summary`)).status).toBe(404);
    }
  });
});

describe("identifiers", () => {
  it("refuses an identifier another company holds, naming that company", async () => {
    const first = await create({ companyName: "Holder of the LEI AG" });
    const response = await call(
      "POST",
      "/companies",
      company({ identifiers: { Lei: [first.lei] } }),
      uploader,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toContain("Holder of the LEI AG");
    expect(response.body.errors[0].message).toContain(first.companyId);
    // the same value under another type is another identifier
    expect(
      (await call("POST", "/companies", company({ identifiers: { PermId: [first.lei] } }), uploader)).status,
    ).toBe(200);
    // lower case is the same LEI
    const lower = await call(
      "POST",
      "/companies",
      company({ identifiers: { Lei: [first.lei.toLowerCase()] } }),
      uploader,
    );
    expect(lower.status).toBe(400);
  });

  it("finds a company by identifier (GET and HEAD) and says 404 when none has it", async () => {
    const { companyId, lei: value } = await create();
    const found = await call("GET", `/companies/identifiers/Lei/${value}`);
    expect(found).toEqual({ status: 200, body: { companyId } });
    expect(
      (await platform.request(`/api/companies/identifiers/Lei/${value}`, { method: "HEAD" })).status,
    ).toBe(200);
    expect(
      (await platform.request(`/api/companies/identifiers/Isin/${value}`, { method: "HEAD" })).status,
    ).toBe(404);
    expect((await call("GET", "/companies/identifiers/Isin/XX0000000000")).status).toBe(404);
    expect((await call("GET", `/companies/identifiers/Nonsense/${value}`)).status).toBe(400);
  });

  it("validates a list of identifiers and company ids, once each", async () => {
    const { companyId, lei: value } = await create({ companyName: "Validated Company SE" });
    const response = await call("POST", "/companies/validation", [value, value, companyId, "UNKNOWN-ID"]);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(3);
    expect(response.body[0]).toMatchObject({
      identifier: value,
      companyInformation: { companyId, companyName: "Validated Company SE", lei: value, countryCode: "DE" },
    });
    expect(response.body[1].companyInformation.companyId).toBe(companyId);
    expect(response.body[2]).toEqual({ identifier: "UNKNOWN-ID", companyInformation: null });
    expect((await call("POST", "/companies/validation", { not: "a list" })).status).toBe(400);
  });
});

describe("changing companies", () => {
  it("replaces all information with PUT for an uploader", async () => {
    const { companyId } = await create({ sector: "Energy", website: "www.old.example" });
    const replacement = company({
      companyName: "Renamed Company AG",
      countryCode: "AT",
      headquarters: "Wien",
    });
    const response = await call("PUT", `/companies/${companyId}`, replacement, uploader);
    expect(response.status).toBe(200);
    expect(response.body.companyInformation).toMatchObject({
      companyName: "Renamed Company AG",
      countryCode: "AT",
      sector: null,
      website: null,
    });
    expect((await call("PUT", `/companies/${companyId}`, replacement, user)).status).toBe(403);
    expect((await call("PUT", `/companies/${companyId}`, replacement)).status).toBe(401);
    expect(
      (await call("PUT", "/companies/5f1b9d2e-0000-4000-8000-000000000000", company(), uploader)).status,
    ).toBe(404);
  });

  it("changes only the fields sent with PATCH; identifier types sent replace that type", async () => {
    const { companyId, lei: value } = await create({
      sector: "Energy",
      identifiers: { Lei: [lei()], Ticker: ["TCK"] },
    });
    void value;
    const response = await call(
      "PATCH",
      `/companies/${companyId}`,
      { website: "www.new.example", sector: null, identifiers: { Ticker: ["NEW"] } },
      admin,
    );
    expect(response.status).toBe(200);
    expect(response.body.companyInformation.website).toBe("www.new.example");
    expect(response.body.companyInformation.sector).toBe("Energy");
    expect(response.body.companyInformation.identifiers.Ticker).toEqual(["NEW"]);
    expect(response.body.companyInformation.identifiers.Lei).toHaveLength(1);
    const bad = await call("PATCH", `/companies/${companyId}`, { countryCode: "ZZ" }, admin);
    expect(bad.status).toBe(400);
  });

  it("lets a company owner change website and contact e-mails only", async () => {
    const { companyId } = await create();
    provideCompanyOwnershipCheck(async (_db, _userId, id) => id === companyId);
    try {
      const allowed = await call("PATCH", `/companies/${companyId}`, { website: "www.owner.example" }, user);
      expect(allowed.status).toBe(200);
      const denied = await call("PATCH", `/companies/${companyId}`, { companyName: "Hijacked" }, user);
      expect(denied.status).toBe(403);
      expect(denied.body.errors[0].message).toContain("companyName");
    } finally {
      provideCompanyOwnershipCheck(async () => false);
    }
    expect((await call("PATCH", `/companies/${companyId}`, { website: "x" }, user)).status).toBe(403);
  });
});

describe("subsidiaries, teasers, filters and the framework summary", () => {
  it("lists the companies naming a company's LEI as parent", async () => {
    const parent = await create({ companyName: "Parent Holding AG" });
    const child = await create({ companyName: "Child One GmbH", parentCompanyLei: parent.lei });
    const response = await call("GET", `/companies/${parent.companyId}/subsidiaries`);
    expect(response.status).toBe(200);
    expect(response.body.map((entry: { companyId: string }) => entry.companyId)).toEqual([child.companyId]);
  });

  it("lists the demo teaser companies and the demo company", async () => {
    const teasers = await call("GET", "/companies/teaser");
    expect(teasers.status).toBe(200);
    expect(teasers.body).toContain(DEMO_COMPANY_ID);
    expect(teasers.body.length).toBeGreaterThanOrEqual(3);
    const demo = await call("GET", `/companies/identifiers/Lei/${DEMO_COMPANY_LEI}`);
    expect(demo.body.companyId).toBe(DEMO_COMPANY_ID);
    const subsidiaries = await call("GET", `/companies/${DEMO_COMPANY_ID}/subsidiaries`);
    expect(subsidiaries.body.length).toBeGreaterThan(0);
  });

  it("offers the countries and sectors present", async () => {
    const response = await call("GET", "/companies/meta-information");
    expect(response.status).toBe(200);
    expect(response.body.countryCodes).toEqual(expect.arrayContaining(["DE", "FR", "US"]));
    expect(response.body.sectors).toEqual(expect.arrayContaining(["Energy", "Financials"]));
    expect([...response.body.countryCodes].sort()).toEqual(response.body.countryCodes);
  });

  it("summarizes active data per framework as the datasets module reports it", async () => {
    const { companyId } = await create();
    await platform.database.db
      .transaction()
      .execute((trx) => setCompanyFrameworksWithActiveData(trx, companyId, { sfdr: 2, lksg: 1, vsme: 0 }));
    const response = await call("GET", `/companies/${companyId}/aggregated-framework-data-summary`);
    expect(response.status).toBe(200);
    expect(response.body.sfdr).toEqual({ numberOfProvidedReportingPeriods: 2 });
    expect(response.body.lksg).toEqual({ numberOfProvidedReportingPeriods: 1 });
    expect(response.body.vsme).toEqual({ numberOfProvidedReportingPeriods: 0 });
  });
});
