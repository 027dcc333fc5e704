import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishEvent } from "../../platform/events";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { createCompany } from "../companies/service";
import { completeDataset } from "../datasets/test-helpers";
import { storeDatasetInTransaction } from "../datasets/upload";
import { flushPortfolioDigests, listMails } from "../notifications/service";
import { createDataRequest, findDataRequests } from "../requests";
import {
  ensureMonitoringScheduled,
  monitorAllPortfolios,
  monitorPortfolio,
  nextMonitoringRun,
  reportingPeriodsInWindow,
} from "./monitoring";
import { MONITOR_ALL_JOB } from "./service";

interface Person {
  userId: string;
  authorization: string;
  email: string;
}

interface Portfolio {
  portfolioId: string;
  portfolioName: string;
  userId: string;
  identifiers: string[];
  isMonitored: boolean;
  monitoredFrameworks: string[];
  notificationFrequency: string;
  timeWindowThreshold?: string;
  creationTimestamp: number;
  lastUpdateTimestamp: number;
  sharedUserIds: string[];
}

let platform: TestPlatform;
let owner: Person;
let other: Person;
let admin: Person;
const company = { a: "", b: "", c: "" };
const LEI_A = "529900PORTFOLIO00A17";
const ISIN_B = "DE000PORT0B12";
let sfdrData: Record<string, unknown>;

async function person(
  username: string,
  roles: ("ROLE_USER" | "ROLE_ADMIN")[] = ["ROLE_USER"],
): Promise<Person> {
  const email = `${username}@test.openverde.example`;
  return { ...(await signIn(platform, { username, email, name: username, roles })), email };
}

async function call<T = unknown>(
  method: string,
  path: string,
  who: Person | undefined,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await platform.request(path, {
    method,
    headers: {
      ...(who ? { authorization: who.authorization } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const upload = (identifiers: string[], extra: Record<string, unknown> = {}) => ({
  portfolioName: "Renewables",
  identifiers,
  isMonitored: false,
  monitoredFrameworks: [],
  notificationFrequency: "Weekly",
  sharedUserIds: [],
  ...extra,
});

async function storeActive(
  companyId: string,
  frameworkId: "sfdr" | "lksg",
  reportingPeriod: string,
  data: unknown,
) {
  return platform.database.db.transaction().execute((trx) =>
    storeDatasetInTransaction(trx, {
      frameworkId,
      companyId,
      reportingPeriod,
      data,
      uploaderUserId: admin.userId,
      qaStatus: "Accepted",
    }),
  );
}

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = await person("pf_owner");
  other = await person("pf_other");
  admin = await person("pf_admin", ["ROLE_USER", "ROLE_ADMIN"]);
  const make = async (
    name: string,
    identifiers: Record<string, string[]>,
    extra: Record<string, unknown> = {},
  ) =>
    (
      await createCompany(platform.database.db, {
        companyName: name,
        headquarters: "Berlin",
        countryCode: "DE",
        sector: "Utilities",
        identifiers,
        ...extra,
      })
    ).companyId;
  company.a = await make(
    "Alpha Wind AG",
    { Lei: [LEI_A] },
    { fiscalYearEnd: "31-Dec", reportingPeriodShift: 0 },
  );
  company.b = await make(
    "Beta Solar GmbH",
    { Lei: ["529900PORTFOLIO00B17"], Isin: [ISIN_B] },
    { fiscalYearEnd: "31-Mar", reportingPeriodShift: -1 },
  );
  company.c = await make("Gamma Hydro SE", { Lei: ["529900PORTFOLIO00C17"] });
  sfdrData = await completeDataset(platform, "sfdr", 5);
});

afterAll(async () => platform?.close());

describe("portfolio rules", () => {
  let portfolioId = "";

  it("builds a portfolio from identifiers of any kind, in the order given", async () => {
    const created = await call<Portfolio>(
      "POST",
      "/users/portfolios/",
      owner,
      upload([LEI_A, ISIN_B.toLowerCase(), company.c, company.a]),
    );
    expect(created.status).toBe(201);
    expect(created.body.identifiers).toEqual([company.a, company.b, company.c]);
    expect(created.body.userId).toBe(owner.userId);
    expect(created.body.portfolioName).toBe("Renewables");
    expect(created.body.creationTimestamp).toBeGreaterThan(Date.now() - 60_000);
    portfolioId = created.body.portfolioId;
  });

  it("reports every unknown identifier and stores nothing", async () => {
    const before = await call<Portfolio[]>("GET", "/users/portfolios", owner);
    const refused = await call<{ errors: { message: string }[] }>(
      "POST",
      "/users/portfolios",
      owner,
      upload([LEI_A, "NOPE-1", "529900UNKNOWN0000000"]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error) => error.message).join(" ")).toMatch(
      /NOPE-1.*529900UNKNOWN0000000/,
    );
    expect((await call<Portfolio[]>("GET", "/users/portfolios", owner)).body).toHaveLength(
      before.body.length,
    );
    expect((await call("POST", "/users/portfolios/", owner, upload([]))).status).toBe(400);
    expect(
      (
        await call(
          "POST",
          "/users/portfolios/",
          owner,
          upload([LEI_A], { monitoredFrameworks: ["nonsense"] }),
        )
      ).status,
    ).toBe(400);
    expect((await call("POST", "/users/portfolios/", undefined, upload([LEI_A]))).status).toBe(401);
  });

  it("shows a portfolio to its owner and admins only, with and without the trailing slash", async () => {
    expect((await call<Portfolio>("GET", `/users/portfolios/${portfolioId}/`, owner)).status).toBe(200);
    expect((await call<Portfolio>("GET", `/users/portfolios/${portfolioId}`, owner)).status).toBe(200);
    expect((await call("GET", `/users/portfolios/${portfolioId}/`, admin)).status).toBe(200);
    // For anyone else it does not exist: the answer does not tell whether the id is taken.
    expect((await call("GET", `/users/portfolios/${portfolioId}/`, other)).status).toBe(404);
    expect((await call("GET", `/users/portfolios/${portfolioId}/enriched-portfolio`, other)).status).toBe(
      404,
    );
    expect((await call("PUT", `/users/portfolios/${portfolioId}/`, other, upload([LEI_A]))).status).toBe(404);
    expect((await call("DELETE", `/users/portfolios/${portfolioId}`, other)).status).toBe(404);
    expect((await call("GET", "/users/portfolios/5f4e3d2c-1b0a-4987-8654-3210fedcba98/", owner)).status).toBe(
      404,
    );
    expect((await call("GET", "/users/portfolios/unknown/", owner)).status).toBe(404);
    expect((await call<Portfolio[]>("GET", "/users/portfolios/", other)).body).toEqual([]);
    expect((await call<unknown[]>("GET", "/users/portfolios/names", other)).body).toEqual([]);
    expect((await call<unknown[]>("GET", "/users/portfolios/names", owner)).body).toEqual([
      { portfolioId, portfolioName: "Renewables" },
    ]);
  });

  it("lists all portfolios and a user's portfolios for admins only", async () => {
    await call("POST", "/users/portfolios/", other, upload([company.c], { portfolioName: "Other's" }));
    expect((await call("GET", "/users/portfolios/all", owner)).status).toBe(403);
    const all = await call<Portfolio[]>("GET", "/users/portfolios/all?chunkSize=1&chunkIndex=0", admin);
    expect(all.status).toBe(200);
    expect(all.body.map((one) => one.portfolioId)).toEqual([portfolioId]);
    const second = await call<Portfolio[]>("GET", "/users/portfolios/all?chunkSize=1&chunkIndex=1", admin);
    expect(second.body.map((one) => one.portfolioName)).toEqual(["Other's"]);
    expect((await call<Portfolio[]>("GET", "/users/portfolios/all", admin)).body).toHaveLength(2);
    expect(
      (await call<Portfolio[]>("GET", `/users/portfolios/users/${owner.userId}`, admin)).body,
    ).toHaveLength(1);
    expect((await call("GET", `/users/portfolios/users/${owner.userId}`, other)).status).toBe(403);
  });

  it("replaces and deletes a portfolio", async () => {
    const replaced = await call<Portfolio>(
      "PUT",
      `/users/portfolios/${portfolioId}`,
      admin,
      upload([company.b], { portfolioName: "Solar only" }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ portfolioId, userId: owner.userId, identifiers: [company.b] });
    const temporary = await call<Portfolio>("POST", "/users/portfolios", owner, upload([LEI_A]));
    expect((await call("DELETE", `/users/portfolios/${temporary.body.portfolioId}/`, owner)).status).toBe(
      204,
    );
    expect((await call("GET", `/users/portfolios/${temporary.body.portfolioId}/`, owner)).status).toBe(404);
  });

  it("publishes the reference's paths with the trailing slash", async () => {
    const doc = (await (await platform.request("/users/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.paths["/portfolios/"]?.post?.operationId).toBe("createPortfolio");
    expect(doc.paths["/portfolios/"]?.get?.operationId).toBe("getAllPortfoliosForCurrentUser");
    expect(doc.paths["/portfolios/{portfolioId}/"]?.get?.operationId).toBe("getPortfolio");
    expect(doc.paths["/portfolios/{portfolioId}/"]?.put?.operationId).toBe("replacePortfolio");
    expect(doc.paths["/portfolios/{portfolioId}/"]?.delete?.operationId).toBe("deletePortfolio");
    expect(doc.paths["/portfolios/{portfolioId}/monitoring"]?.patch?.operationId).toBe("patchMonitoring");
    expect(doc.paths["/portfolios/support"]?.post?.operationId).toBe("postSupportRequest");
    for (const name of ["BasePortfolio", "PortfolioUpload", "EnrichedPortfolio", "NotificationFrequency"])
      expect(doc.components.schemas[name]).toBeDefined();
  });
});

describe("enrichment", () => {
  it("lists per company its page and per framework with data the link and the periods, newest first", async () => {
    await storeActive(company.a, "sfdr", "2023", sfdrData);
    await storeActive(company.a, "sfdr", "2024", sfdrData);
    await platform.background.settle();
    const created = await call<Portfolio>(
      "POST",
      "/users/portfolios/",
      owner,
      upload([company.a, company.c]),
    );
    const enriched = await call<{
      portfolioName: string;
      entries: {
        companyId: string;
        companyName: string;
        sector?: string;
        countryCode: string;
        companyCockpitRef: string;
        frameworkHyphenatedNamesToDataRef: Record<string, string>;
        availableReportingPeriods: Record<string, string>;
      }[];
    }>("GET", `/users/portfolios/${created.body.portfolioId}/enriched-portfolio`, owner);
    expect(enriched.status).toBe(200);
    expect(enriched.body.entries).toEqual([
      {
        companyId: company.a,
        companyName: "Alpha Wind AG",
        sector: "Utilities",
        countryCode: "DE",
        companyCockpitRef: `${platform.baseUrl}/companies/${company.a}`,
        frameworkHyphenatedNamesToDataRef: {
          sfdr: `${platform.baseUrl}/companies/${company.a}/frameworks/sfdr`,
        },
        availableReportingPeriods: { sfdr: "2024, 2023" },
      },
      {
        companyId: company.c,
        companyName: "Gamma Hydro SE",
        sector: "Utilities",
        countryCode: "DE",
        companyCockpitRef: `${platform.baseUrl}/companies/${company.c}`,
        frameworkHyphenatedNamesToDataRef: {},
        availableReportingPeriods: {},
      },
    ]);
  });
});

describe("monitoring", () => {
  it("finds the reporting periods whose fiscal year ended in the time window", () => {
    const now = new Date("2025-11-22T10:00:00Z");
    expect(reportingPeriodsInWindow({ fiscalYearEnd: "31-Dec" }, "Standard", now)).toEqual([]);
    expect(reportingPeriodsInWindow({ fiscalYearEnd: "31-Dec" }, "Extended", now)).toEqual(["2024"]);
    expect(
      reportingPeriodsInWindow({ fiscalYearEnd: "30-Jun", reportingPeriodShift: 0 }, "Standard", now),
    ).toEqual(["2025"]);
    expect(
      reportingPeriodsInWindow({ fiscalYearEnd: "31-Mar", reportingPeriodShift: -1 }, "Extended", now),
    ).toEqual(["2024"]);
    expect(reportingPeriodsInWindow({ fiscalYearEnd: "31-Aug" }, "Extended", now)).toEqual(["2025", "2024"]);
    expect(reportingPeriodsInWindow({ fiscalYearEnd: null }, null, new Date("2025-03-01T00:00:00Z"))).toEqual(
      ["2024"],
    );
  });

  it("asks for exactly the missing data, once, and keeps doing so without duplicates", async () => {
    const monitored = await person("pf_monitor");
    const created = await call<Portfolio>(
      "POST",
      "/users/portfolios/",
      monitored,
      upload([company.a, company.b], { portfolioName: "Monitored" }),
    );
    const now = new Date();
    const periodsA = reportingPeriodsInWindow(
      { fiscalYearEnd: "31-Dec", reportingPeriodShift: 0 },
      "Extended",
      now,
    );
    const periodsB = reportingPeriodsInWindow(
      { fiscalYearEnd: "31-Mar", reportingPeriodShift: -1 },
      "Extended",
      now,
    );
    expect(periodsA.length + periodsB.length).toBeGreaterThan(0);
    // Data that exists is not asked for; a request the user has already is not repeated.
    const existing = periodsA[0];
    if (existing) await storeActive(company.a, "sfdr", existing, sfdrData);
    const ownRequest = periodsB[0];
    if (ownRequest)
      await createDataRequest(platform.database.db, {
        userId: monitored.userId,
        companyId: company.b,
        dataType: "lksg",
        reportingPeriod: ownRequest,
        notifyMeImmediately: false,
      });
    await platform.background.settle();
    const before = await findDataRequests(platform.database.db, { userIds: [monitored.userId] });

    const patched = await call<Portfolio>(
      "PATCH",
      `/users/portfolios/${created.body.portfolioId}/monitoring`,
      monitored,
      {
        isMonitored: true,
        monitoredFrameworks: ["sfdr", "lksg"],
        notificationFrequency: "Daily",
        timeWindowThreshold: "Extended",
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ isMonitored: true, timeWindowThreshold: "Extended" });
    await platform.background.settle();

    const expected = new Set<string>();
    for (const dataType of ["sfdr", "lksg"]) {
      for (const period of periodsA)
        if (!(dataType === "sfdr" && period === existing)) expected.add(`${company.a}|${dataType}|${period}`);
      for (const period of periodsB) expected.add(`${company.b}|${dataType}|${period}`);
    }
    const after = await findDataRequests(platform.database.db, { userIds: [monitored.userId] });
    const keys = after.map(
      (request) => `${request.companyId}|${request.dataType}|${request.reportingPeriod}`,
    );
    expect(new Set(keys)).toEqual(expected);
    expect(keys).toHaveLength(expected.size);
    expect(after.length - before.length).toBe(expected.size - (ownRequest ? 1 : 0));

    // Again, directly, through the daily run and after a change: nothing new.
    expect(await monitorPortfolio(platform.database.db, created.body.portfolioId)).toEqual({
      created: 0,
      duplicates: 0,
    });
    await call("PATCH", `/users/portfolios/${created.body.portfolioId}/monitoring`, monitored, {
      isMonitored: true,
      monitoredFrameworks: ["lksg", "sfdr"],
      notificationFrequency: "Weekly",
      timeWindowThreshold: "Extended",
    });
    await platform.background.settle();
    expect(await findDataRequests(platform.database.db, { userIds: [monitored.userId] })).toHaveLength(
      after.length,
    );

    // A monitored portfolio needs frameworks.
    expect(
      (
        await call("PATCH", `/users/portfolios/${created.body.portfolioId}/monitoring`, monitored, {
          isMonitored: true,
          monitoredFrameworks: [],
          notificationFrequency: "Weekly",
        })
      ).status,
    ).toBe(400);
  });

  it("schedules the daily run once and runs it once per day", async () => {
    const jobs = async () =>
      (
        await platform.database.db
          .withTables<{ platform_job: { type: string; run_at: Date; finished_at: Date | null } }>()
          .selectFrom("platform_job")
          .select(["run_at", "finished_at"])
          .where("type", "=", MONITOR_ALL_JOB)
          .execute()
      ).filter((job) => job.finished_at === null);
    await ensureMonitoringScheduled(platform.database.db);
    const scheduled = await jobs();
    expect(scheduled).toHaveLength(1);
    expect(new Date(scheduled[0]?.run_at ?? 0).toISOString()).toBe(
      nextMonitoringRun(new Date()).toISOString(),
    );
    const log = { error: () => {} };
    const due = nextMonitoringRun(new Date());
    expect(await monitorAllPortfolios(platform.database.db, log, due)).toBeDefined();
    // A second instance running the same day's job finds it done.
    expect(await monitorAllPortfolios(platform.database.db, log, due)).toBeUndefined();
  });

  it("collects new data of monitored portfolios for the owner's digest", async () => {
    const watcher = await person("pf_watcher");
    await call("POST", "/users/portfolios/", watcher, {
      ...upload([company.c], { portfolioName: "Hydro watch" }),
      isMonitored: true,
      monitoredFrameworks: ["sfdr"],
      notificationFrequency: "Monthly",
      timeWindowThreshold: "Standard",
    });
    await platform.background.settle();
    await publishEvent(platform.database.db, "dataset.activated", {
      dataId: "9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a",
      companyId: company.c,
      dataType: "sfdr",
      reportingPeriod: "2024",
      previousActiveDataId: null,
    });
    // Another framework is not monitored: no digest entry.
    await publishEvent(platform.database.db, "dataset.activated", {
      dataId: "8e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a",
      companyId: company.c,
      dataType: "lksg",
      reportingPeriod: "2024",
      previousActiveDataId: null,
    });
    await platform.background.settle();
    await flushPortfolioDigests(platform.database.db, platform.baseUrl, {
      userId: watcher.userId,
      everything: true,
    });
    const mails = await listMails(platform.database.db, {
      recipientEmail: watcher.email,
      kind: "PortfolioUpdates",
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain("Hydro watch: Gamma Hydro SE");
    expect(mails[0]?.textBody).toContain("SFDR 2024 (new)");
    expect(mails[0]?.textBody).not.toContain("LkSG");
  });
});

describe("downloads and support", () => {
  it("exports the newest data of the portfolio's companies through the datasets export jobs", async () => {
    const created = await call<Portfolio>(
      "POST",
      "/users/portfolios/",
      owner,
      upload([company.a, company.c]),
    );
    const started = await call<{
      exportJobs: { framework: string; exportJobId: string }[];
      frameworksWithoutData: string[];
    }>("POST", `/users/portfolios/${created.body.portfolioId}/export-jobs`, owner, {
      frameworks: ["sfdr", "lksg"],
      fileFormat: "CSV",
    });
    expect(started.status).toBe(200);
    expect(started.body.frameworksWithoutData).toEqual(["lksg"]);
    expect(started.body.exportJobs.map((job) => job.framework)).toEqual(["sfdr"]);
    await platform.background.settle();
    const id = started.body.exportJobs[0]?.exportJobId;
    expect(
      await (
        await platform.request(`/api/export/${id}/state`, { headers: { authorization: owner.authorization } })
      ).json(),
    ).toBe("Success");
    const file = await platform.request(`/api/export/${id}/download`, {
      headers: { authorization: owner.authorization },
    });
    expect(file.status).toBe(200);
    const lines = (await file.text()).trim().split("\r\n");
    // The newest period of company A only (C has no data).
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(LEI_A);
    expect(
      (
        await call("POST", `/users/portfolios/${created.body.portfolioId}/export-jobs`, other, {
          frameworks: ["sfdr"],
          fileFormat: "JSON",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call("POST", `/users/portfolios/${created.body.portfolioId}/export-jobs`, owner, {
          frameworks: ["lksg"],
          fileFormat: "EXCEL",
        })
      ).status,
    ).toBe(404);
  });

  it("stores a support request and e-mails it to the admins", async () => {
    const response = await call("POST", "/users/portfolios/support", owner, {
      topic: "Find company identifiers",
      message: "Which LEI does Alpha Wind use?",
    });
    expect(response.status).toBe(200);
    await platform.background.settle();
    const mails = await listMails(platform.database.db, { kind: "SupportRequest" });
    expect(mails.map((mail) => mail.recipientEmail)).toEqual([admin.email]);
    expect(mails[0]?.replyTo).toBe(owner.email);
    expect(mails[0]?.textBody).toContain("Which LEI does Alpha Wind use?");
    expect(
      (await call("POST", "/users/portfolios/support", owner, { topic: " ", message: "x" })).status,
    ).toBe(400);
  });
});

describe("demo data", () => {
  it("gives data_reader a portfolio of demo companies, once", async () => {
    const demo = await startTestPlatform();
    try {
      // Only the seeds this one builds on (users, companies), then its own, twice.
      const modules = [
        ...demo.composition.standalone,
        ...demo.composition.groups.flatMap((group) => group.modules),
      ];
      for (const name of ["identity", "companies", "portfolios", "portfolios"])
        await modules.find((module) => module.name === name)?.seedDemo?.(demo.context);
      const reader = await signIn(demo, {
        username: "data_reader",
        roles: ["ROLE_USER"],
        email: "data_reader@openverde.example",
      });
      const names = await demo.request("/users/portfolios/names", {
        headers: { authorization: reader.authorization },
      });
      expect(((await names.json()) as unknown[]).length).toBe(1);
      const [portfolio] = (await (
        await demo.request("/users/portfolios/", { headers: { authorization: reader.authorization } })
      ).json()) as Portfolio[];
      expect(portfolio?.identifiers.length).toBe(6);
    } finally {
      await demo.close();
    }
  });
});
