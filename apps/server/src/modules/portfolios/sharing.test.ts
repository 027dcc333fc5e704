import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishEvent } from "../../platform/events";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { readAuditTrail } from "../audit";
import { createCompany } from "../companies/service";
import { completeDataset } from "../datasets/test-helpers";
import { storeDatasetInTransaction } from "../datasets/upload";
import { USER_DELETED } from "../identity";
import { flushPortfolioDigests, listMails } from "../notifications/service";

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
  sharedUserIds: string[];
  ownerName?: string;
}

let platform: TestPlatform;
let owner: Person;
let reader: Person;
let second: Person;
let stranger: Person;
let admin: Person;
let reviewer: Person;
let companyWithYearEnd = "";
let companyWithoutYearEnd = "";
let portfolioId = "";

async function person(username: string, roles: string[] = ["ROLE_USER"]): Promise<Person> {
  const email = `${username}@test.openverde.example`;
  const name = username.replace("sh_", "Sharing ");
  return { ...(await signIn(platform, { username, email, name, roles: roles as never })), email };
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

const upload = (extra: Record<string, unknown> = {}) => ({
  portfolioName: "Shared renewables",
  identifiers: [companyWithYearEnd, companyWithoutYearEnd],
  isMonitored: false,
  monitoredFrameworks: [],
  notificationFrequency: "Weekly",
  sharedUserIds: [],
  ...extra,
});

const at = (path = "") => `/users/portfolios/${portfolioId}${path}`;

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = await person("sh_owner");
  reader = await person("sh_reader");
  second = await person("sh_second");
  stranger = await person("sh_stranger");
  admin = await person("sh_admin", ["ROLE_USER", "ROLE_ADMIN"]);
  reviewer = await person("sh_reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
  const make = async (companyName: string, lei: string, extra: Record<string, unknown>) =>
    (
      await createCompany(platform.database.db, {
        companyName,
        headquarters: "Hamburg",
        countryCode: "DE",
        identifiers: { Lei: [lei] },
        ...extra,
      })
    ).companyId;
  companyWithYearEnd = await make("Delta Wind AG", "529900SHARING0000A17", {
    fiscalYearEnd: "30-Jun",
    reportingPeriodShift: 0,
  });
  companyWithoutYearEnd = await make("Epsilon Solar GmbH", "529900SHARING0000B17", {});
  const sfdr = await completeDataset(platform, "sfdr", 5);
  await platform.database.db.transaction().execute((trx) =>
    storeDatasetInTransaction(trx, {
      frameworkId: "sfdr",
      companyId: companyWithYearEnd,
      reportingPeriod: "2024",
      data: sfdr,
      uploaderUserId: admin.userId,
      qaStatus: "Accepted",
    }),
  );
  const created = await call<Portfolio>("POST", "/users/portfolios/", owner, upload());
  portfolioId = created.body.portfolioId;
});

afterAll(async () => platform?.close());

describe("sharing a portfolio", () => {
  it("finds the user to share with by their exact e-mail address, for the owner only", async () => {
    const found = await call(`POST`, at("/sharing/recipient"), owner, { email: reader.email.toUpperCase() });
    expect(found).toEqual({
      status: 200,
      body: { userId: reader.userId, userEmail: reader.email, userName: "Sharing reader" },
    });
    expect(
      (await call("POST", at("/sharing/recipient"), owner, { email: "nobody@nowhere.example" })).status,
    ).toBe(404);
    expect((await call("POST", at("/sharing/recipient"), owner, { email: owner.email })).status).toBe(400);
    expect((await call("POST", at("/sharing/recipient"), owner, { email: "not an address" })).status).toBe(
      400,
    );
    expect((await call("POST", at("/sharing/recipient"), stranger, { email: reader.email })).status).toBe(
      404,
    );
  });

  it("shares with existing users other than the owner, and refuses anything else whole", async () => {
    for (const sharedUserIds of [
      [reader.userId, "5f4e3d2c-1b0a-4987-8654-3210fedcba98"],
      [reader.userId, owner.userId],
      ["not-a-user-id"],
    ]) {
      const refused = await call<{ errors: { message: string }[] }>("PATCH", at("/sharing"), owner, {
        sharedUserIds,
      });
      expect(refused.status).toBe(400);
    }
    expect((await call<Portfolio>("GET", at("/"), owner)).body.sharedUserIds).toEqual([]);

    const shared = await call<Portfolio>("PATCH", at("/sharing"), owner, {
      sharedUserIds: [second.userId, reader.userId],
    });
    expect(shared.status).toBe(200);
    expect(shared.body.sharedUserIds).toEqual([second.userId, reader.userId]);
    expect(shared.body.ownerName).toBeUndefined();
  });

  it("lists owner and readers with their e-mails, for the owner and admins", async () => {
    const rights = await call("GET", at("/access-rights"), owner);
    expect(rights).toEqual({
      status: 200,
      body: [
        { userId: owner.userId, userEmail: owner.email, portfolioAccessRole: "Owner" },
        { userId: second.userId, userEmail: second.email, portfolioAccessRole: "Reader" },
        { userId: reader.userId, userEmail: reader.email, portfolioAccessRole: "Reader" },
      ],
    });
    expect((await call("GET", at("/access-rights"), admin)).status).toBe(200);
    expect((await call("GET", at("/access-rights"), reader)).status).toBe(403);
    expect((await call("GET", at("/access-rights"), stranger)).status).toBe(404);
  });

  it("shows the portfolio to its readers under shared, with the owner's name", async () => {
    const shared = await call<Portfolio[]>("GET", "/users/portfolios/shared", reader);
    expect(shared.status).toBe(200);
    expect(shared.body.map((portfolio) => [portfolio.portfolioId, portfolio.ownerName])).toEqual([
      [portfolioId, "Sharing owner"],
    ]);
    expect((await call("GET", "/users/portfolios/shared/names", reader)).body).toEqual([
      { portfolioId, portfolioName: "Shared renewables" },
    ]);
    // Shared portfolios are not the reader's own, and the owner's own list has no shared section.
    expect((await call<Portfolio[]>("GET", "/users/portfolios/", reader)).body).toEqual([]);
    expect((await call<Portfolio[]>("GET", "/users/portfolios/shared", owner)).body).toEqual([]);
    expect((await call<Portfolio[]>("GET", "/users/portfolios/shared", stranger)).body).toEqual([]);
    expect((await call("GET", "/users/portfolios/shared", undefined)).status).toBe(401);
  });

  it("lets readers read the portfolio, its enriched view and its downloads", async () => {
    expect((await call("GET", at("/"), reader)).status).toBe(200);
    const enriched = await call<{ entries: { companyId: string; availableReportingPeriods: object }[] }>(
      "GET",
      at("/enriched-portfolio"),
      reader,
    );
    expect(enriched.status).toBe(200);
    expect(enriched.body.entries.map((entry) => entry.companyId)).toEqual([
      companyWithYearEnd,
      companyWithoutYearEnd,
    ]);
    expect(enriched.body.entries[0]?.availableReportingPeriods).toEqual({ sfdr: "2024" });
    const download = await call<{ exportJobs: { framework: string }[] }>("POST", at("/export-jobs"), reader, {
      frameworks: ["sfdr"],
      fileFormat: "CSV",
    });
    expect(download.status).toBe(200);
    expect(download.body.exportJobs.map((job) => job.framework)).toEqual(["sfdr"]);
  });

  it("keeps editing, sharing and deleting to the owner: 403 for a reader, 404 for a stranger", async () => {
    const attempts = [
      ["PUT", at("/"), upload({ portfolioName: "Taken over" })],
      [
        "PATCH",
        at("/monitoring"),
        { isMonitored: false, monitoredFrameworks: [], notificationFrequency: "Weekly" },
      ],
      ["PATCH", at("/sharing"), { sharedUserIds: [stranger.userId] }],
      ["DELETE", at("/"), undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      expect((await call(method, path, reader, body)).status).toBe(403);
      expect((await call(method, path, stranger, body)).status).toBe(404);
    }
    for (const path of [at("/"), at("/enriched-portfolio")])
      expect((await call("GET", path, stranger)).status).toBe(404);
    expect(
      (await call("POST", at("/export-jobs"), stranger, { frameworks: ["sfdr"], fileFormat: "CSV" })).status,
    ).toBe(404);
    const kept = await call<Portfolio>("GET", at("/"), owner);
    expect(kept.body.portfolioName).toBe("Shared renewables");
    expect(kept.body.sharedUserIds).toEqual([second.userId, reader.userId]);
  });

  it("keeps the readers a replacement names, checked as sharing checks them", async () => {
    expect((await call("PUT", at("/"), owner, upload({ sharedUserIds: [owner.userId] }))).status).toBe(400);
    const replaced = await call<Portfolio>(
      "PUT",
      at("/"),
      owner,
      upload({ sharedUserIds: [second.userId, reader.userId] }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.sharedUserIds).toEqual([second.userId, reader.userId]);
  });

  it("puts an admin's changes to someone else's portfolio into the audit trail, not the owner's own", async () => {
    const trail = () =>
      readAuditTrail(platform.database.db, { objectId: portfolioId }, { limit: 10, offset: 0 });
    expect((await trail()).totalCount).toBe(0);
    const byAdmin = await call<Portfolio>("PATCH", at("/sharing"), admin, {
      sharedUserIds: [second.userId, reader.userId, stranger.userId],
    });
    expect(byAdmin.status).toBe(200);
    const { entries } = await trail();
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["portfolio.sharing-changed", admin.userId],
    ]);
    expect(entries[0]?.after).toEqual({ sharedUserIds: [second.userId, reader.userId, stranger.userId] });
    await call("PATCH", at("/sharing"), owner, { sharedUserIds: [second.userId, reader.userId] });
    expect((await trail()).totalCount).toBe(1);
  });

  it("sends the monitoring mails to the readers too", async () => {
    const monitored = await call<Portfolio>("PATCH", at("/monitoring"), owner, {
      isMonitored: true,
      monitoredFrameworks: ["sfdr"],
      notificationFrequency: "Daily",
      timeWindowThreshold: "Standard",
    });
    expect(monitored.status).toBe(200);
    await platform.background.settle();
    await publishEvent(platform.database.db, "dataset.activated", {
      dataId: "7e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a",
      companyId: companyWithoutYearEnd,
      dataType: "sfdr",
      reportingPeriod: "2024",
      previousActiveDataId: null,
    });
    await platform.background.settle();
    await flushPortfolioDigests(platform.database.db, platform.baseUrl, { everything: true });
    for (const recipient of [owner, reader, second]) {
      const mails = await listMails(platform.database.db, {
        recipientEmail: recipient.email,
        kind: "PortfolioUpdates",
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain("Shared renewables: Epsilon Solar GmbH");
    }
    expect(
      await listMails(platform.database.db, { recipientEmail: stranger.email, kind: "PortfolioUpdates" }),
    ).toHaveLength(0);
  });

  it("lets a reader take themselves off, and nobody else", async () => {
    expect((await call("DELETE", `/users/portfolios/shared/${portfolioId}`, owner)).status).toBe(403);
    expect((await call("DELETE", `/users/portfolios/shared/${portfolioId}`, stranger)).status).toBe(404);
    expect((await call("DELETE", "/users/portfolios/shared/not-an-id", reader)).status).toBe(404);
    expect((await call("DELETE", `/users/portfolios/shared/${portfolioId}`, reader)).status).toBe(204);
    expect((await call<Portfolio[]>("GET", "/users/portfolios/shared", reader)).body).toEqual([]);
    expect((await call("GET", at("/"), reader)).status).toBe(404);
    expect((await call<Portfolio>("GET", at("/"), owner)).body.sharedUserIds).toEqual([second.userId]);
    // Taking oneself off twice: no longer a reader, so the portfolio is no longer there for them.
    expect((await call("DELETE", `/users/portfolios/shared/${portfolioId}`, reader)).status).toBe(404);
  });

  it("forgets a deleted reader", async () => {
    await publishEvent(platform.database.db, USER_DELETED, { userId: second.userId });
    await platform.background.settle();
    expect((await call<Portfolio>("GET", at("/"), owner)).body.sharedUserIds).toEqual([]);
  });
});

describe("fiscal year ends monitoring lacks", () => {
  it("lists the monitored companies without a fiscal year end, for reviewers", async () => {
    const answer = await call<string[]>(
      "GET",
      "/users/subscribed-companies/incomplete-fye-information",
      reviewer,
    );
    expect(answer).toEqual({ status: 200, body: [companyWithoutYearEnd] });
    expect((await call("GET", "/users/subscribed-companies/incomplete-fye-information", owner)).status).toBe(
      403,
    );
    expect(
      (await call("GET", "/users/subscribed-companies/incomplete-fye-information", undefined)).status,
    ).toBe(401);
  });
});
