import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REALM_PATH } from "../../platform/auth/realm";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { listMails } from "../notifications/service";
import { startTestSmtp, type TestSmtp } from "../notifications/test-smtp";
import { browser, formAction, signInWithPassword } from "./oidc-flow";
import { MAX_RESET_MAILS_PER_HOUR } from "./password-reset";
import { createUser } from "./service";

const OLD_PASSWORD = "Amber-Harbour-Lights-5";
const RESET_PATH = `${DEFAULT_REALM_PATH}/login-actions/reset-credentials`;
const LINK = /(http:\/\/[^\s"<>]+\/login-actions\/reset-credentials\?token=[A-Za-z0-9_-]+)/;

type Client = ReturnType<typeof browser>;

describe("forgot password: a one-time link by e-mail", () => {
  let smtp: TestSmtp;
  let platform: TestPlatform;
  const logLines: string[] = [];
  let addresses = 0;
  // Every test asks from an address of its own, so the per-address rate limits do not add up.
  const nextAddress = () => `10.9.0.${++addresses}`;

  const post = (client: Client, url: string, values: Record<string, string>, address: string) =>
    client.go(url, {
      method: "POST",
      body: new URLSearchParams(values).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    });

  /** Opens the sign-in page in a new browser and follows "Forgot your password?". */
  async function forgotPage(client: Client): Promise<{ action: string; html: string }> {
    const loginPage = await client.follow((await client.authorize()).response);
    const href = /href="([^"]+\/forgot-password)"/.exec(await loginPage.text())?.[1];
    if (!href) throw new Error("no forgot-password link on the sign-in page");
    const page = await client.go(href);
    expect(page.status).toBe(200);
    const html = await page.text();
    return { action: formAction(html) as string, html };
  }

  /** Asks for a link for this login from the sign-in page; returns the answer's text after the background ran. */
  async function askForLink(login: string, client = browser(platform.baseUrl)) {
    const { action } = await forgotPage(client);
    const answer = await post(client, action, { username: login }, nextAddress());
    expect(answer.status).toBe(200);
    const text = await answer.text();
    await platform.background.settle();
    return { client, text };
  }

  function linkIn(text: string): string {
    const link = LINK.exec(text)?.[1];
    if (!link) throw new Error(`no reset link in:\n${text}`);
    return link;
  }

  async function newUser(username: string) {
    return createUser(platform.database.db, {
      username,
      email: `${username}@reset.openverde.example`,
      name: `${username} Example`,
      password: OLD_PASSWORD,
      roles: ["ROLE_USER"],
    });
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Behind one trusted proxy, so each test can name its own address in X-Forwarded-For.
    platform = await startTestPlatform({
      env: { LOG_LEVEL: "trace", TRUST_PROXY: "1", SMTP_URL: smtp.url, LOGIN_MAX_FAILURES: "3" },
    });
    const log = platform.app.log as unknown as Record<symbol, unknown>;
    const streamSym = Object.getOwnPropertySymbols(log).find((s) => String(s) === "Symbol(pino.stream)");
    if (streamSym) log[streamSym] = { write: (line: string) => logLines.push(line) };
  });

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
  });

  it("mails exactly one working link to a known account, and the same answer for an unknown one", async () => {
    const user = await newUser("rosa");
    const known = await askForLink("rosa");
    const unknown = await askForLink("nobody-here");
    const unknownAddress = await askForLink("nobody@reset.openverde.example");
    // The pages differ only in the link back to each browser's own sign-in.
    const same = (text: string) => text.replace(/login-actions\/[A-Za-z0-9_-]+/g, "login-actions/(sign-in)");
    expect(same(unknown.text)).toBe(same(known.text));
    expect(same(unknownAddress.text)).toBe(same(known.text));
    expect(known.text).toContain("Check your e-mail");

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.to(user.email);
    expect(mail?.subject).toBe("Choose a new password for Openverde");
    expect(mail?.text).toContain("Hello rosa Example,");
    expect(mail?.text).toContain("30 minutes");
    // A mail the person asked for about their own account: no way to unsubscribe from it.
    expect(mail?.text).not.toContain("/unsubscribe/");
    expect(mail?.headers.has("list-unsubscribe")).toBe(false);
    const link = linkIn(mail?.text ?? "");
    expect(mail?.html).toContain(link);

    // The outbox keeps no copy of the link once the mail went out.
    const [stored] = await listMails(platform.database.db, { recipientEmail: user.email });
    expect(stored?.status).toBe("Sent");
    expect(stored?.textBody).not.toContain("token=");
    expect(stored?.htmlBody).not.toContain("token=");

    const page = await known.client.go(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Choose a new password");
    expect(html).toContain("rosa");
    expect(html).toContain('href="/theme/tokens.css"');
    // The web app is not built for these tests: the server serves the design tokens from the sources.
    const tokens = await platform.request("/theme/tokens.css");
    expect(tokens.headers.get("content-type")).toContain("text/css");
    expect(await tokens.text()).toContain("--ov-primary-600");
  });

  it("refuses a weak password, then sets a strong one once: old password out, new one in, back to the sign-in", async () => {
    const user = await newUser("sami");
    const before = await signInWithPassword(platform.baseUrl, "sami", OLD_PASSWORD);
    const { client } = await askForLink(user.email);
    const link = linkIn(smtp.to(user.email).at(-1)?.text ?? "");
    const token = new URL(link).searchParams.get("token") as string;
    const address = nextAddress();

    const weak = await post(
      client,
      RESET_PATH,
      { token, password: "sami-short", passwordConfirm: "sami-short" },
      address,
    );
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("must not contain your username");
    const differ = await post(
      client,
      RESET_PATH,
      { token, password: "Velvet-Canyon-Echo-8", passwordConfirm: "Velvet-Canyon-Echo-9" },
      address,
    );
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain("not the same");

    const newPassword = "Velvet-Canyon-Echo-8";
    const done = await post(
      client,
      RESET_PATH,
      { token, password: newPassword, passwordConfirm: newPassword },
      address,
    );
    expect(done.status).toBe(303);
    const location = done.headers.get("location") as string;
    expect(location).toMatch(/\/login-actions\/[^/]+\?notice=password-changed$/);
    // The same browser is back on the sign-in it started from, with a word about the new password.
    const signIn = await client.go(location);
    const signInHtml = await signIn.text();
    expect(signInHtml).toContain("Your password is changed");
    const back = await client.follow(
      await post(
        client,
        formAction(signInHtml) as string,
        { username: "sami", password: newPassword },
        address,
      ),
    );
    expect(back.headers.get("location")).toContain("/platform-redirect#");

    // The sessions from before the reset are over.
    expect((await before.client.refresh(before.tokens.refresh_token)).status).toBe(400);
    await expect(signInWithPassword(platform.baseUrl, "sami", OLD_PASSWORD)).rejects.toThrow();
    await signInWithPassword(platform.baseUrl, "sami", newPassword);

    // The link worked once.
    const again = await client.go(link);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link was used already");
    const reused = await post(
      client,
      RESET_PATH,
      { token, password: "Another-Good-Pass-1", passwordConfirm: "Another-Good-Pass-1" },
      address,
    );
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("This link was used already");
  });

  it("clears the lock of an account that was locked by failed sign-ins", async () => {
    await newUser("tomo");
    const client = browser(platform.baseUrl);
    const loginPage = await client.follow((await client.authorize()).response);
    const action = formAction(await loginPage.text()) as string;
    const address = nextAddress();
    for (let i = 0; i < 3; i++) await post(client, action, { username: "tomo", password: "wrong" }, address);
    expect((await post(client, action, { username: "tomo", password: OLD_PASSWORD }, address)).status).toBe(
      429,
    );

    await askForLink("tomo");
    const link = linkIn(smtp.to("tomo@reset.openverde.example").at(-1)?.text ?? "");
    const token = new URL(link).searchParams.get("token") as string;
    const newPassword = "Granite-Meadow-Owl-4";
    const done = await post(
      client,
      RESET_PATH,
      { token, password: newPassword, passwordConfirm: newPassword },
      address,
    );
    expect(done.status).toBe(303);
    await signInWithPassword(platform.baseUrl, "tomo", newPassword);
  });

  it("refuses expired, replaced and unknown links with a page that says why", async () => {
    const user = await newUser("uma");
    await askForLink("uma");
    const first = linkIn(smtp.to(user.email).at(-1)?.text ?? "");
    await askForLink("uma");
    const second = linkIn(smtp.to(user.email).at(-1)?.text ?? "");
    expect(second).not.toBe(first);
    const client = browser(platform.baseUrl);
    const replaced = await client.go(first);
    expect(replaced.status).toBe(400);
    expect(await replaced.text()).toContain("A newer link was sent");

    await sql`update identity_password_reset set expires_at = now() - interval '1 minute'
      where user_id = ${user.userId} and ended_at is null`.execute(platform.database.db);
    const expired = await client.go(second);
    expect(expired.status).toBe(400);
    const expiredHtml = await expired.text();
    expect(expiredHtml).toContain("This link has expired");
    expect(expiredHtml).toContain(`href="${RESET_PATH}"`);
    const token = new URL(second).searchParams.get("token") as string;
    const refused = await post(
      client,
      RESET_PATH,
      { token, password: "Quartz-Lantern-Fox-6", passwordConfirm: "Quartz-Lantern-Fox-6" },
      nextAddress(),
    );
    expect(refused.status).toBe(400);
    await signInWithPassword(platform.baseUrl, "uma", OLD_PASSWORD);

    for (const bad of ["", "nonsense", "A".repeat(43)]) {
      const response = await client.go(`${RESET_PATH}?token=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(await response.text(), bad).toContain("This link does not work");
    }
  });

  it("asks for the account at reset-credentials without a link, as Keycloak does", async () => {
    const user = await newUser("vera");
    const client = browser(platform.baseUrl);
    const page = await client.go(RESET_PATH);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Forgot your password?");
    const answer = await post(client, formAction(html) as string, { username: "vera" }, nextAddress());
    expect(await answer.text()).toContain("Check your e-mail");
    await platform.background.settle();
    const link = linkIn(smtp.to(user.email).at(-1)?.text ?? "");
    const token = new URL(link).searchParams.get("token") as string;
    const newPassword = "Saffron-Tide-Pebble-2";
    const done = await post(
      client,
      RESET_PATH,
      { token, password: newPassword, passwordConfirm: newPassword },
      nextAddress(),
    );
    // No sign-in to return to: a page that says what happened and where to sign in.
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your password is changed");
  });

  it("limits requests per address and mails per account", async () => {
    const user = await newUser("wim");
    const client = browser(platform.baseUrl);
    const { action } = await forgotPage(client);
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post(client, action, { username: "wim" }, address)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await platform.background.settle();
    // Asked from elsewhere as well: the account still gets no more than its hourly share.
    await post(client, action, { username: "wim" }, nextAddress());
    await platform.background.settle();
    expect(smtp.to(user.email)).toHaveLength(MAX_RESET_MAILS_PER_HOUR);
  });

  it("writes no reset link, token or password to the log", () => {
    const all = logLines.join("\n");
    expect(all).toContain("password-reset-requested");
    for (const mail of smtp.received) {
      const token = new URL(linkIn(mail.text)).searchParams.get("token") as string;
      expect(all.includes(token)).toBe(false);
    }
    for (const secret of ["Velvet-Canyon-Echo-8", "Granite-Meadow-Owl-4", "Saffron-Tide-Pebble-2"])
      expect(all.includes(secret), secret).toBe(false);
  });
});
