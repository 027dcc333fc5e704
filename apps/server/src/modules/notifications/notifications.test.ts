import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../platform/config";
import { DEFAULT_MAIL_FROM } from "../../platform/environment";
import { publishEvent } from "../../platform/events";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { createCompany } from "../companies/service";
import {
  digestDueAt,
  flushPortfolioDigests,
  listMails,
  queueMail,
  queuePortfolioUpdate,
  sendSupportRequest,
} from "./service";
import { datasetRejected } from "./templates";
import { startTestSmtp, type TestSmtp } from "./test-smtp";

interface Person {
  userId: string;
  authorization: string;
  email: string;
}

async function person(
  platform: TestPlatform,
  username: string,
  name: string,
  admin = false,
): Promise<Person> {
  const email = `${username}@test.openverde.example`;
  const signed = await signIn(platform, {
    username,
    email,
    name,
    roles: admin ? ["ROLE_USER", "ROLE_ADMIN"] : ["ROLE_USER"],
  });
  return { ...signed, email };
}

const UNSUBSCRIBE = /\/unsubscribe\/([0-9a-f-]{36})/;

function unsubscribeIdOf(text: string): string {
  const id = UNSUBSCRIBE.exec(text)?.[1];
  if (!id) throw new Error(`no unsubscribe link in:\n${text}`);
  return id;
}

async function publish(platform: TestPlatform, type: string, payload: unknown): Promise<void> {
  await publishEvent(platform.database.db, type, payload);
  await platform.background.settle();
}

describe("notification e-mails over SMTP", () => {
  let smtp: TestSmtp;
  let platform: TestPlatform;
  let admin: Person;
  let secondAdmin: Person;
  let owner: Person;
  let reader: Person;
  let uploader: Person;
  let companyId = "";
  const companyName = "Nordlicht Solar AG";

  beforeAll(async () => {
    smtp = await startTestSmtp();
    platform = await startTestPlatform({ env: { SMTP_URL: smtp.url } });
    admin = await person(platform, "mail_admin", "Ada Admin", true);
    secondAdmin = await person(platform, "mail_admin2", "Bert Admin", true);
    owner = await person(platform, "mail_owner", "Otto Owner");
    reader = await person(platform, "mail_reader", "Rea Reader");
    uploader = await person(platform, "mail_uploader", "Uli Uploader");
    const company = await createCompany(platform.database.db, {
      companyName,
      headquarters: "Kiel",
      countryCode: "DE",
      identifiers: { Lei: ["529900NOTIFY00000017"] },
    });
    companyId = company.companyId;
  });

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
  });

  it("tells the new owner about the role, with a link to the company and an unsubscribe link", async () => {
    const response = await platform.request(
      `/community/company-role-assignments/CompanyOwner/${companyId}/${owner.userId}`,
      { method: "POST", headers: { authorization: admin.authorization } },
    );
    expect(response.status).toBe(200);
    await platform.background.settle();
    const [mail, ...more] = smtp.to(owner.email);
    expect(more).toHaveLength(0);
    expect(mail?.from).toBe("no-reply@openverde.localhost");
    expect(mail?.headers.get("from")).toContain("Openverde");
    expect(mail?.subject).toBe(`You are now a company owner of ${companyName}`);
    expect(mail?.text).toContain("Hello Otto Owner,");
    expect(mail?.text).toContain("Ada Admin has made you company owner");
    expect(mail?.text).toContain(`${platform.baseUrl}/companies/${companyId}`);
    const id = unsubscribeIdOf(mail?.text ?? "");
    expect(mail?.html).toContain(`${platform.baseUrl}/unsubscribe/${id}`);
    expect(mail?.html).toContain("#e8710a");
    expect(mail?.headers.get("list-unsubscribe")).toBe(`<${platform.baseUrl}/unsubscribe/${id}>`);
  });

  it("sends ownership claims to every admin", async () => {
    const before = smtp.received.length;
    const response = await platform.request(`/community/company-ownership/${companyId}`, {
      method: "POST",
      headers: { authorization: reader.authorization, "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect([200, 201, 204]).toContain(response.status);
    await platform.background.settle();
    const mails = smtp.received.slice(before);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([admin.email, secondAdmin.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(`Rea Reader claims ownership of ${companyName}`);
      expect(mail.text).toContain(reader.email);
      expect(mail.text).toContain(`${platform.baseUrl}/companies/${companyId}/users`);
      unsubscribeIdOf(mail.text);
    }
    // Each admin has an own unsubscribe link.
    expect(new Set(mails.map((mail) => unsubscribeIdOf(mail.text))).size).toBe(2);
  });

  it("asks the company's owners about access to private data", async () => {
    const before = smtp.received.length;
    await publish(platform, "request.accessRequested", {
      dataRequestId: "6a0b7c3e-1d2f-4a5b-8c9d-0e1f2a3b4c5d",
      companyId,
      dataType: "vsme",
      reportingPeriod: "2024",
      userId: reader.userId,
    });
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([[owner.email]]);
    expect(mails[0]?.subject).toContain("Rea Reader asks for access");
    expect(mails[0]?.text).toContain("2024");
    expect(mails[0]?.text).toContain(`${platform.baseUrl}/companyrequests`);
    unsubscribeIdOf(mails[0]?.text ?? "");
  });

  it("tells the requester that the request was answered, with a link to the dataset", async () => {
    const before = smtp.received.length;
    const dataId = "0f1e2d3c-4b5a-4697-8877-665544332211";
    await publish(platform, "request.answered", {
      dataRequestId: "7b1c8d4f-2e3a-4b6c-9dae-1f2a3b4c5d6e",
      userId: reader.userId,
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2023",
      dataId,
    });
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([[reader.email]]);
    expect(mails[0]?.subject).toBe(`Your data request for ${companyName} has been answered`);
    expect(mails[0]?.text).toContain(`${platform.baseUrl}/companies/${companyId}/frameworks/sfdr/${dataId}`);
    expect(mails[0]?.text).toContain("2023");
  });

  it("tells the requester when the data cannot be sourced, with the team's note", async () => {
    const before = smtp.received.length;
    const dataRequestId = "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a";
    await publish(platform, "request.nonSourceable", {
      dataRequestId,
      userId: reader.userId,
      companyId,
      dataType: "pcaf",
      reportingPeriod: "2021",
      reason: "The company published no report for 2021.",
    });
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([[reader.email]]);
    expect(mails[0]?.subject).toBe(`The data you asked for on ${companyName} cannot be found`);
    expect(mails[0]?.text).toContain("The company published no report for 2021.");
    expect(mails[0]?.text).toContain(`${platform.baseUrl}/requests/${dataRequestId}`);
  });

  it("tells the uploader that the dataset was rejected, with the reviewer's note", async () => {
    const before = smtp.received.length;
    const dataId = "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d";
    await publish(platform, "dataset.rejected", {
      dataId,
      companyId,
      dataType: "lksg",
      reportingPeriod: "2022",
      uploaderUserId: uploader.userId,
      reviewerUserId: admin.userId,
      comment: "The number of employees <b>does not match</b> the report.",
    });
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([[uploader.email]]);
    expect(mails[0]?.text).toContain("The number of employees <b>does not match</b> the report.");
    expect(mails[0]?.html).toContain("&lt;b&gt;does not match&lt;/b&gt;");
    expect(mails[0]?.text).toContain(`${platform.baseUrl}/companies/${companyId}/frameworks/lksg/${dataId}`);
  });

  it("e-mails support requests to the admins with the user as reply-to", async () => {
    const before = smtp.received.length;
    await sendSupportRequest(platform.database.db, platform.baseUrl, {
      userId: reader.userId,
      name: "Rea Reader",
      email: reader.email,
      topic: "Find company identifiers",
      message: "I cannot find the LEI of Beispiel GmbH.",
    });
    await platform.background.settle();
    const mails = smtp.received.slice(before);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([admin.email, secondAdmin.email].sort());
    expect(mails[0]?.headers.get("reply-to")).toContain(reader.email);
    expect(mails[0]?.text).toContain("I cannot find the LEI of Beispiel GmbH.");
  });

  it("groups a portfolio digest by portfolio and company, one mail per user and period", async () => {
    const before = smtp.received.length;
    const base = {
      userId: reader.userId,
      frequency: "Weekly" as const,
      companyName,
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2024",
      isUpdate: false,
    };
    const other = await createCompany(platform.database.db, {
      companyName: "Meeresbrise Wind GmbH",
      headquarters: "Bremen",
      countryCode: "DE",
      identifiers: { Lei: ["529900NOTIFY00000018"] },
    });
    const p1 = "aaaaaaaa-0000-4000-8000-000000000001";
    const p2 = "aaaaaaaa-0000-4000-8000-000000000002";
    await queuePortfolioUpdate(platform.database.db, {
      ...base,
      portfolioId: p1,
      portfolioName: "Energy",
      dataId: "d1000000-0000-4000-8000-000000000001",
    });
    await queuePortfolioUpdate(platform.database.db, {
      ...base,
      portfolioId: p1,
      portfolioName: "Energy",
      dataType: "lksg",
      reportingPeriod: "2023",
      isUpdate: true,
      dataId: "d1000000-0000-4000-8000-000000000002",
    });
    await queuePortfolioUpdate(platform.database.db, {
      ...base,
      portfolioId: p1,
      portfolioName: "Energy",
      companyId: other.companyId,
      companyName: "Meeresbrise Wind GmbH",
      dataId: "d1000000-0000-4000-8000-000000000003",
    });
    await queuePortfolioUpdate(platform.database.db, {
      ...base,
      portfolioId: p2,
      portfolioName: "Watchlist",
      dataId: "d1000000-0000-4000-8000-000000000001",
    });
    // A daily digest of another user goes in a mail of its own.
    await queuePortfolioUpdate(platform.database.db, {
      ...base,
      userId: owner.userId,
      frequency: "Daily",
      portfolioId: "aaaaaaaa-0000-4000-8000-000000000003",
      portfolioName: "Owner's",
      dataId: "d1000000-0000-4000-8000-000000000004",
    });
    // Nothing is due yet: the digest jobs wait for the end of their period.
    await platform.background.settle();
    expect(smtp.received.length).toBe(before);
    const jobs = await sql<{ run_at: Date }>`select run_at from platform_job
      where type = 'notifications.portfolio-digest' and finished_at is null order by run_at`.execute(
      platform.database.db,
    );
    expect(jobs.rows.map((row) => new Date(row.run_at).toISOString())).toEqual([
      digestDueAt("Daily", new Date()).toISOString(),
      digestDueAt("Weekly", new Date()).toISOString(),
    ]);

    await flushPortfolioDigests(platform.database.db, platform.baseUrl, {
      now: new Date(Date.now() + 40 * 86_400_000),
    });
    await platform.background.settle();
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(2);
    const readerMail = mails.find((mail) => mail.to.includes(reader.email));
    expect(readerMail?.subject).toBe("New data in your portfolios: 4 datasets");
    const text = readerMail?.text ?? "";
    expect(text).toContain(`Energy: ${companyName}`);
    expect(text).toContain("Energy: Meeresbrise Wind GmbH");
    expect(text).toContain(`Watchlist: ${companyName}`);
    expect(text).toContain("(updated)");
    expect(text.indexOf(`Energy: ${companyName}`)).toBeLessThan(text.indexOf(`Watchlist: ${companyName}`));
    expect(text).toContain(`${platform.baseUrl}/portfolios`);
    expect(mails.find((mail) => mail.to.includes(owner.email))?.subject).toBe(
      "New data in your portfolios: 1 dataset",
    );
    // Flushing again writes nothing: every item went out once.
    expect(await flushPortfolioDigests(platform.database.db, platform.baseUrl, { everything: true })).toEqual(
      [],
    );
  });

  it("honours an unsubscription for that kind of e-mail only", async () => {
    const answered = (dataRequestId: string) => ({
      dataRequestId,
      userId: reader.userId,
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2022",
      dataId: null,
    });
    const last = smtp.to(reader.email).filter((mail) => mail.subject.includes("has been answered"));
    const id = unsubscribeIdOf(last.at(-1)?.text ?? "");

    const response = await platform.request(`/email/subscriptions/${id}`, { method: "PATCH" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).toContain(reader.email);
    // Again: nothing changes, still fine.
    expect((await platform.request(`/email/subscriptions/${id}/`, { method: "PATCH" })).status).toBe(200);

    const before = smtp.received.length;
    await publish(platform, "request.answered", answered("8c2d9e5a-3f4b-4c7d-8ebf-2a3b4c5d6e7f"));
    expect(smtp.received.length).toBe(before);
    // Other kinds still arrive.
    await publish(platform, "company.roleAssigned", {
      companyId,
      userId: reader.userId,
      role: "Member",
      assignedByUserId: null,
    });
    expect(smtp.received.slice(before).map((mail) => mail.subject)).toEqual([
      `You are now a member of ${companyName}`,
    ]);
    // The address is compared without regard to case.
    const rows = await listMails(platform.database.db, {
      recipientEmail: reader.email.toUpperCase(),
      kind: "DataRequestAnswered",
    });
    expect(rows.every((row) => row.unsubscribed)).toBe(true);
  });

  it("does not send a queued mail whose address unsubscribed before it went out", async () => {
    const mailId = await queueMail(platform.database.db, platform.baseUrl, {
      kind: "DatasetRejected",
      to: { email: owner.email, userId: owner.userId, name: "Otto Owner" },
      content: datasetRejected(platform.baseUrl, {
        companyId,
        companyName,
        dataType: "sfdr",
        reportingPeriod: "2021",
        dataId: "2a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d",
        comment: null,
      }),
    });
    const [queued] = await listMails(platform.database.db, {
      recipientEmail: owner.email,
      kind: "DatasetRejected",
    });
    expect(queued?.mailId).toBe(mailId);
    const response = await platform.request(`/email/subscriptions/${queued?.subscriptionId}`, {
      method: "PATCH",
    });
    expect(response.status).toBe(200);
    const before = smtp.received.length;
    await platform.background.settle();
    expect(smtp.received.length).toBe(before);
    const [after] = await listMails(platform.database.db, {
      recipientEmail: owner.email,
      kind: "DatasetRejected",
    });
    expect(after?.status).toBe("Unsubscribed");
    // And no new mail of the kind is even written.
    expect(
      await queueMail(platform.database.db, platform.baseUrl, {
        kind: "DatasetRejected",
        to: { email: owner.email.toUpperCase(), userId: owner.userId },
        content: datasetRejected(platform.baseUrl, {
          companyId,
          companyName,
          dataType: "sfdr",
          reportingPeriod: "2020",
          dataId: "3a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d",
          comment: null,
        }),
      }),
    ).toBeUndefined();
  });

  it("answers 404 for an unknown subscription and for an id that is no id", async () => {
    const unknown = await platform.request("/email/subscriptions/5f4e3d2c-1b0a-4987-8654-3210fedcba98", {
      method: "PATCH",
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: unknown[] }).errors).toHaveLength(1);
    for (const malformed of ["not-a-uuid", "urn:uuid:5f4e3d2c-1b0a-4987-8654-3210fedcba98"])
      expect((await platform.request(`/email/subscriptions/${malformed}`, { method: "PATCH" })).status).toBe(
        404,
      );
  });

  it("retries a delivery the mail server refused, with a growing delay", async () => {
    smtp.failNext(1);
    const before = smtp.received.length;
    await publish(platform, "company.roleAssigned", {
      companyId,
      userId: uploader.userId,
      role: "DataUploader",
      assignedByUserId: admin.userId,
    });
    expect(smtp.received.length).toBe(before);
    const [pending] = await listMails(platform.database.db, {
      recipientEmail: uploader.email,
      kind: "CompanyRoleAssigned",
    });
    expect(pending?.status).toBe("Pending");
    expect(pending?.lastError).toContain("Mailbox busy");
    const job = await sql<{
      id: number;
      attempts: number;
      run_at: Date;
    }>`select id, attempts, run_at from platform_job
      where type = 'notifications.send-mail' and payload->>'mailId' = ${pending?.mailId ?? ""}`.execute(
      platform.database.db,
    );
    expect(job.rows[0]?.attempts).toBe(1);
    expect(new Date(job.rows[0]?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    // Let the retry come due now.
    await sql`update platform_job set run_at = now() where id = ${job.rows[0]?.id ?? 0}`.execute(
      platform.database.db,
    );
    await platform.background.settle();
    expect(smtp.to(uploader.email).at(-1)?.subject).toBe(`You are now a data uploader of ${companyName}`);
    const [sent] = await listMails(platform.database.db, {
      recipientEmail: uploader.email,
      kind: "CompanyRoleAssigned",
    });
    expect(sent?.status).toBe("Sent");
    expect(sent?.attempts).toBe(2);
  });
});

describe("the outbox without SMTP and the demo mailbox", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { DEMO: "true" } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("keeps mails pending in the outbox and lists them newest first at /dev/mailbox", async () => {
    const user = await signIn(platform, {
      username: "box_user",
      email: "box_user@test.openverde.example",
      name: "Box User",
      roles: ["ROLE_USER"],
    });
    const company = await createCompany(platform.database.db, {
      companyName: "Erste Firma AG",
      headquarters: "Berlin",
      countryCode: "DE",
      identifiers: { Lei: ["529900MAILBOX0000019"] },
    });
    for (const role of ["Member", "DataUploader"]) {
      await publishEvent(platform.database.db, "company.roleAssigned", {
        companyId: company.companyId,
        userId: user.userId,
        role,
        assignedByUserId: null,
      });
      await platform.background.settle();
    }
    const mails = await listMails(platform.database.db);
    expect(mails.map((mail) => mail.status)).toEqual(["Pending", "Pending"]);
    const page = await platform.request("/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html.indexOf("data uploader of Erste Firma AG")).toBeGreaterThan(-1);
    expect(html.indexOf("data uploader of Erste Firma AG")).toBeLessThan(
      html.indexOf("a member of Erste Firma AG"),
    );
    const one = await platform.request(`/dev/mailbox/${mails[0]?.mailId}`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain("/unsubscribe/");
    // Not part of any API document.
    const doc = (await (await platform.request("/email/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain("/subscriptions/{subscriptionId}");
    expect(Object.keys(doc.paths).filter((path) => path.includes("mailbox"))).toEqual([]);
  });

  it("has no mailbox outside demo mode", async () => {
    const plain = await startTestPlatform();
    try {
      const response = await plain.request("/dev/mailbox", { headers: { accept: "application/json" } });
      expect(response.headers.get("content-type") ?? "").not.toContain("text/html; charset=utf-8");
      expect(await response.text()).not.toContain("demo mailbox");
    } finally {
      await plain.close();
    }
  });
});

describe("mail settings", () => {
  const mailSettings = (env: Record<string, string>) => loadConfig(env).mail;

  it("defaults the sender and accepts smtp and smtps URLs", () => {
    expect(mailSettings({})).toEqual({ smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM });
    expect(
      mailSettings({ SMTP_URL: "smtps://u:p@mail.example.org:465", MAIL_FROM: "ops@example.org" }),
    ).toEqual({
      smtpUrl: "smtps://u:p@mail.example.org:465",
      mailFrom: "ops@example.org",
    });
  });

  it("stops the start with a clear message for a bad SMTP_URL or MAIL_FROM", () => {
    expect(() => mailSettings({ SMTP_URL: "http://mail.example.org" })).toThrow(
      /SMTP_URL must start with smtp/,
    );
    expect(() => mailSettings({ SMTP_URL: "not a url" })).toThrow(ConfigError);
    expect(() => mailSettings({ MAIL_FROM: "nobody" })).toThrow(/MAIL_FROM must be an e-mail address/);
    expect(() => mailSettings({ SMTP_URL: "mail.example.org:25" })).toThrow(/SMTP_URL must start with smtp/);
  });
});
