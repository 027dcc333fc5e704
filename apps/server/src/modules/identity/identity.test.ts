import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REALM_PATH } from "../../platform/auth/realm";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { browser, formAction, fragmentParams, signInWithPassword, type Tokens } from "./oidc-flow";
import { createUser } from "./service";

const PASSWORD = "Sunflower-Field-42";
const OIDC = `${DEFAULT_REALM_PATH}/protocol/openid-connect`;

interface ErrorBody {
  errors: { errorType: string; httpStatus: number; message: string }[];
}

describe("the embedded OpenID Connect provider", () => {
  let platform: TestPlatform;
  let userId: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { LOG_LEVEL: "trace", LOGIN_MAX_FAILURES: "3" } });
    // Collect every log line the server writes, to check that no secret is among them.
    const log = platform.app.log as unknown as Record<symbol, unknown>;
    const streamSym = Object.getOwnPropertySymbols(log).find((s) => String(s) === "Symbol(pino.stream)");
    if (streamSym) log[streamSym] = { write: (line: string) => logLines.push(line) };
    const user = await createUser(platform.database.db, {
      username: "erin",
      email: "erin@openverde.example",
      name: "Erin Example",
      password: PASSWORD,
      roles: ["ROLE_USER", "ROLE_REVIEWER"],
    });
    userId = user.userId;
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("publishes Keycloak's discovery document and keys", async () => {
    const discovery = (await (
      await platform.request(`${DEFAULT_REALM_PATH}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${platform.baseUrl}${DEFAULT_REALM_PATH}`);
    expect(discovery.authorization_endpoint).toBe(`${platform.baseUrl}${OIDC}/auth`);
    expect(discovery.token_endpoint).toBe(`${platform.baseUrl}${OIDC}/token`);
    expect(discovery.end_session_endpoint).toBe(`${platform.baseUrl}${OIDC}/logout`);
    expect(discovery.userinfo_endpoint).toBe(`${platform.baseUrl}${OIDC}/userinfo`);
    expect(discovery.jwks_uri).toBe(`${platform.baseUrl}${OIDC}/certs`);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    const certs = (await (await platform.request(`${OIDC}/certs`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(certs.keys.length).toBeGreaterThan(0);
    for (const key of certs.keys) expect(key.d).toBeUndefined();
  });

  it("signs in through the login form with PKCE and issues tokens with Keycloak's claims", async () => {
    const { tokens, location } = await signInWithPassword(platform.baseUrl, "erin", PASSWORD);
    expect(location.startsWith(`${platform.baseUrl}/platform-redirect#`)).toBe(true);
    expect(fragmentParams(location).get("session_state")).toBeTruthy();
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBe(300);
    expect(tokens.refresh_expires_in).toBeGreaterThan(1790);
    expect(tokens.refresh_expires_in).toBeLessThanOrEqual(1800);
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header.typ).toBe("at+jwt");
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: `${platform.baseUrl}${DEFAULT_REALM_PATH}`,
      sub: userId,
      preferred_username: "erin",
      email: "erin@openverde.example",
      name: "Erin Example",
      realm_access: { roles: ["ROLE_USER", "ROLE_REVIEWER"] },
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(300);
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({ sub: userId, preferred_username: "erin", aud: "openverde-web" });

    // The access token opens the API as erin.
    const meta = await platform.request("/api-keys/getApiKeyMetaInfoForUser", {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(meta.status).toBe(200);
    expect(await meta.json()).toMatchObject({ keycloakUserId: userId });

    // An ID token is not an access token.
    const wrong = await platform.request("/api-keys/getApiKeyMetaInfoForUser", {
      headers: { authorization: `Bearer ${tokens.id_token}` },
    });
    expect(wrong.status).toBe(401);

    const userinfo = await platform.request(`${OIDC}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({
      sub: userId,
      preferred_username: "erin",
      email: "erin@openverde.example",
      name: "Erin Example",
    });
    expect((await platform.request(`${OIDC}/userinfo`)).status).toBe(401);
  });

  it("refuses a code without the right PKCE verifier", async () => {
    const client = browser(platform.baseUrl);
    const { response } = await client.authorize();
    const page = await client.follow(response);
    const done = await client.follow(
      await client.go(
        formAction(await page.text()) as string,
        client.form({ username: "erin", password: PASSWORD }),
      ),
    );
    const code = fragmentParams(done.headers.get("location") as string).get("code") as string;
    const exchanged = await client.exchange(code, "x".repeat(96));
    expect(exchanged.status).toBe(400);
    expect(((await exchanged.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("refuses an authorization request without PKCE", async () => {
    const query = new URLSearchParams({
      client_id: "openverde-web",
      response_type: "code",
      scope: "openid",
      redirect_uri: `${platform.baseUrl}/platform-redirect`,
    });
    const response = await platform.request(`${OIDC}/auth?${query}`, { redirect: "manual" });
    const location = response.headers.get("location") ?? "";
    expect(location).toContain("error=invalid_request");
  });

  it("rotates refresh tokens and refuses a used one", async () => {
    const { client, tokens } = await signInWithPassword(platform.baseUrl, "erin", PASSWORD);
    const refreshed = await client.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Tokens;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.refresh_expires_in).toBeGreaterThan(1790);
    expect(decodeJwt(next.access_token).sub).toBe(userId);
    const reused = await client.refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("signs out with an ID token hint and ends the refresh tokens", async () => {
    const { client, tokens } = await signInWithPassword(platform.baseUrl, "erin", PASSWORD);
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${platform.baseUrl}/companies`,
      state: "bye",
    });
    const confirm = await client.go(`${OIDC}/logout?${query}`);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain("logout.js");
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] as string;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] as string;
    const done = await client.go(action, client.form({ xsrf, logout: "yes" }));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${platform.baseUrl}/companies?state=bye`);
    expect((await client.refresh(tokens.refresh_token)).status).toBe(400);
  });

  it("registers a new account from the sign-in page, with the strength rule", async () => {
    const client = browser(platform.baseUrl);
    const { verifier, response } = await client.authorize({ extra: { screen: "register" } });
    const page = await client.follow(response);
    const html = await page.text();
    expect(html).toContain("Create an account");
    const action = formAction(html) as string;
    const weak = await client.go(
      action,
      client.form({
        name: "Neo",
        email: "neo@openverde.example",
        username: "neo",
        password: "short",
        passwordConfirm: "short",
      }),
    );
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("at least 10 characters");
    const strong = "Blue-Whale-Song-7";
    const done = await client.follow(
      await client.go(
        action,
        client.form({
          name: "Neo",
          email: "neo@openverde.example",
          username: "neo",
          password: strong,
          passwordConfirm: strong,
        }),
      ),
    );
    const code = fragmentParams(done.headers.get("location") as string).get("code") as string;
    const tokens = (await (await client.exchange(code, verifier)).json()) as Tokens;
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      preferred_username: "neo",
      realm_access: { roles: ["ROLE_USER"] },
    });
  });

  it("serves Keycloak's registration entry, the check frames and the forgot-password page", async () => {
    const registrations = await platform.request(`${OIDC}/registrations?client_id=openverde-web`, {
      redirect: "manual",
    });
    expect(registrations.headers.get("location")).toContain("screen=register");
    const frame = await platform.request(`${OIDC}/login-status-iframe.html`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(frame.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(await frame.text()).not.toMatch(/<script>[^<]/);
    const init = await platform.request(
      `${OIDC}/login-status-iframe.html/init?client_id=openverde-web&origin=${encodeURIComponent(platform.baseUrl)}`,
    );
    expect(init.status).toBe(204);
    expect(
      (
        await platform.request(
          `${OIDC}/login-status-iframe.html/init?client_id=x&origin=https://evil.example`,
        )
      ).status,
    ).toBe(403);
    for (const step of ["step1.html", "step2.html"]) {
      const response = await platform.request(`${OIDC}/3p-cookies/${step}`);
      expect(response.status, step).toBe(200);
      expect(response.headers.get("x-frame-options"), step).toBe("SAMEORIGIN");
    }
    const script = await platform.request(`${DEFAULT_REALM_PATH}/resources/login-status-iframe.js`);
    expect(script.headers.get("content-type")).toContain("javascript");
    const client = browser(platform.baseUrl);
    const { response } = await client.authorize();
    const loginPage = await client.follow(response);
    const forgotUrl = /href="([^"]+forgot-password)"/.exec(await loginPage.text())?.[1] as string;
    const forgot = await client.go(forgotUrl);
    expect(await forgot.text()).toContain("Send the link");
  });

  it("lets people manage their account: name, e-mail, password, deletion", async () => {
    await createUser(platform.database.db, {
      username: "fay",
      email: "fay@openverde.example",
      name: "Fay",
      password: PASSWORD,
      roles: ["ROLE_USER"],
    });
    const client = browser(platform.baseUrl);
    // Not signed in: the account page sends to the sign-in first, then back.
    const start = await client.go(`${DEFAULT_REALM_PATH}/account`);
    expect(start.status).toBe(302);
    const loginPage = await client.follow(start);
    const back = await client.follow(
      await client.go(
        formAction(await loginPage.text()) as string,
        client.form({ username: "fay", password: PASSWORD }),
      ),
    );
    // The sign-in came back through the account callback to the account page.
    expect(back.status).toBe(200);
    const html = await back.text();
    expect(html).toContain("Signed in as fay");
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] as string;

    const forged = await client.go(
      `${DEFAULT_REALM_PATH}/account/profile`,
      client.form({ csrf: "nope", name: "Mallory" }),
    );
    expect(forged.status).toBe(403);
    const saved = await client.go(
      `${DEFAULT_REALM_PATH}/account/profile`,
      client.form({ csrf, name: "Fay Doe", email: "fay.doe@openverde.example" }),
    );
    expect(await saved.text()).toContain("are saved");
    const newPassword = "Quiet-River-Stone-3";
    const changed = await client.go(
      `${DEFAULT_REALM_PATH}/account/password`,
      client.form({ csrf, current: PASSWORD, password: newPassword, passwordConfirm: newPassword }),
    );
    expect(await changed.text()).toContain("password is changed");
    const { tokens } = await signInWithPassword(platform.baseUrl, "fay.doe@openverde.example", newPassword);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      name: "Fay Doe",
      email: "fay.doe@openverde.example",
    });

    const deleted = await client.go(
      `${DEFAULT_REALM_PATH}/account/delete`,
      client.form({ csrf, current: newPassword }),
    );
    expect(await deleted.text()).toContain("Your account is deleted");
    expect((await client.refresh(tokens.refresh_token)).status).toBe(400);
  });

  it("slows down and then locks repeated failed sign-ins of an account", async () => {
    const client = browser(platform.baseUrl);
    const { response } = await client.authorize();
    const page = await client.follow(response);
    const action = formAction(await page.text()) as string;
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      statuses.push((await client.go(action, client.form({ username: "erin", password: "wrong" }))).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(700); // 250 ms, then 500 ms of delay
    const locked = await client.go(action, client.form({ username: "erin", password: PASSWORD }));
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Too many failed sign-ins");
  });

  it("refuses bad and expired tokens with 401 in the error format", async () => {
    const { tokens } = await signInWithPassword(platform.baseUrl, "neo", "Blue-Whale-Song-7");
    const [header, payload, signature] = tokens.access_token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, realm_access: { roles: ["ROLE_ADMIN"] } })).toString("base64url")}.${signature}`;
    for (const token of [tampered, "a.b.c", `${header}.${payload}.`, "Basic abc"]) {
      const response = await platform.request("/api-keys/getApiKeyMetaInfoForUser", {
        headers: { authorization: token.startsWith("Basic") ? token : `Bearer ${token}` },
      });
      expect(response.status, token).toBe(401);
      expect(response.headers.get("www-authenticate"), token).toMatch(/^Bearer realm="openverde"/);
      const body = (await response.json()) as ErrorBody;
      expect(body.errors[0], token).toMatchObject({ errorType: "unauthorized", httpStatus: 401 });
    }
  });

  it("writes no password, token, code or key to the log", async () => {
    const { tokens, location } = await signInWithPassword(platform.baseUrl, "neo", "Blue-Whale-Song-7");
    const code = fragmentParams(location).get("code") as string;
    const created = await platform.request("/api-keys/generateApiKey?daysValid=1", {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const { apiKey } = (await created.json()) as { apiKey: string };
    await platform.request(`/api-keys/validateApiKey?apiKey=${apiKey}`);
    await platform.request("/api-keys/getApiKeyMetaInfoForUser", {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const all = logLines.join("\n");
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [
      PASSWORD,
      "Blue-Whale-Song-7",
      tokens.access_token,
      tokens.refresh_token,
      tokens.id_token,
      code,
      apiKey,
      apiKey.split("_")[1] as string,
    ]) {
      expect(all.includes(secret), secret.slice(0, 12)).toBe(false);
    }
  });
});
