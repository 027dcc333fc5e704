import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REALM_PATH } from "../../platform/auth/realm";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { browser, formAction, fragmentParams, signInWithPassword, type Tokens } from "./oidc-flow";
import { createUser } from "./service";

const PASSWORD = "Sunflower-Field-42";
const NEW_PASSWORD = "Quiet-River-Stone-3";

describe("the provider's pages", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  const newUser = (username: string) =>
    createUser(platform.database.db, {
      username,
      email: `${username}@pages.openverde.example`,
      password: PASSWORD,
      roles: ["ROLE_USER"],
    });

  /** A browser signed in to the account pages; returns it with the form's CSRF token. */
  async function accountBrowser(username: string) {
    const client = browser(platform.baseUrl);
    const loginPage = await client.follow(await client.go(`${DEFAULT_REALM_PATH}/account`));
    const account = await client.follow(
      await client.go(
        formAction(await loginPage.text()) as string,
        client.form({ username, password: PASSWORD }),
      ),
    );
    const csrf = /name="csrf" value="([^"]+)"/.exec(await account.text())?.[1] as string;
    return { client, csrf };
  }

  const expectPage = async (response: Response, status: number, text: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("text/html");
    const body = await response.text();
    expect(body).toContain("<!DOCTYPE html>");
    expect(body).toContain(text);
    return body;
  };

  it("answers a rate limit and a refused body on the sign-in and password pages with a page, not JSON", async () => {
    const client = browser(platform.baseUrl);
    const loginPage = await client.follow((await client.authorize()).response);
    const action = formAction(await loginPage.text()) as string;
    const forgot = action.replace(/\/login$/, "/forgot-password");
    for (let i = 0; i < 5; i++)
      expect((await client.go(forgot, client.form({ username: "nobody" }))).status).toBe(200);
    const limited = await client.go(forgot, client.form({ username: "nobody" }));
    const body = await expectPage(limited, 429, "Too many requests");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(body).toContain(`href="${action.replace(/\/login$/, "")}"`);

    const json = await client.go(action, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "x", password: "y" }),
    });
    await expectPage(json, 415, "Unsupported media type");
    const tooBig = await client.go(`${DEFAULT_REALM_PATH}/login-actions/reset-credentials`, {
      ...client.form({ username: "x".repeat(70 * 1024) }),
    });
    await expectPage(tooBig, 413, "Start again");

    // What is no page keeps the one JSON error format.
    const userinfo = await platform.request(`${DEFAULT_REALM_PATH}/protocol/openid-connect/userinfo`);
    expect(userinfo.status).toBe(401);
    expect(userinfo.headers.get("content-type")).toContain("application/json");
  });

  it("answers a refused body on the account pages with a page", async () => {
    await newUser("ivy");
    const { client } = await accountBrowser("ivy");
    const response = await client.go(`${DEFAULT_REALM_PATH}/account/password`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "current=x",
    });
    await expectPage(response, 415, "Back to your account");
  });

  it("ends the user's other sessions and their refresh tokens when the password is changed", async () => {
    await newUser("jules");
    const elsewhere = await signInWithPassword(platform.baseUrl, "jules", PASSWORD);
    const { client, csrf } = await accountBrowser("jules");
    // The web app in the same browser: signed in through the same session, without the form.
    const { verifier, response } = await client.authorize();
    const back = await client.follow(response);
    const code = fragmentParams(back.headers.get("location") as string).get("code") as string;
    const here = (await (await client.exchange(code, verifier)).json()) as Tokens;

    const changed = await client.go(
      `${DEFAULT_REALM_PATH}/account/password`,
      client.form({ csrf, current: PASSWORD, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }),
    );
    expect(await changed.text()).toContain("signed out everywhere else");

    // The other browser: its refresh token is refused, and its session asks for the password again.
    expect((await elsewhere.client.refresh(elsewhere.tokens.refresh_token)).status).toBe(400);
    const again = await elsewhere.client.follow((await elsewhere.client.authorize()).response);
    expect(await again.text()).toContain('name="password"');

    // This browser stays signed in, to the account pages and to the web app.
    expect((await client.refresh(here.refresh_token)).status).toBe(200);
    const account = await client.go(`${DEFAULT_REALM_PATH}/account`);
    expect(await account.text()).toContain("Signed in as jules");
  });

  it("names the roles in words and signs out back to the app, which then forgets its session", async () => {
    await newUser("mira");
    const { client } = await accountBrowser("mira");
    const page = await (await client.go(`${DEFAULT_REALM_PATH}/account`)).text();
    expect(page).toContain("<dd>User</dd>");
    const signOut = /<a href="([^"]+)">Sign out<\/a>/.exec(page)?.[1]?.replaceAll("&amp;", "&") as string;
    const confirm = await client.go(signOut);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] as string;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] as string;
    const done = await client.go(action, client.form({ xsrf, logout: "yes" }));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${platform.baseUrl}/signed-out`);
    const after = await client.go(`${DEFAULT_REALM_PATH}/account`);
    expect(after.status).toBe(302);
  });
});
