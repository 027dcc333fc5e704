import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { startTestSmtp, type TestSmtp } from "../notifications/test-smtp";
import { browser, formAction, signInWithPassword } from "./oidc-flow";
import { createUser, findUserByUsername } from "./service";

const PASSWORD = "Quiet-Meadow-Lantern-4";
const LINK = /(http:\/\/[^\s"<>]+\/login-actions\/reset-credentials\?token=[A-Za-z0-9_-]+)/;

describe("the admin console's API", () => {
  let smtp: TestSmtp;
  let platform: TestPlatform;
  let admin: { userId: string; authorization: string };

  const call = async (authorization: string | undefined, method: string, path: string, body?: unknown) => {
    const response = await platform.request(path, {
      method,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read the answers loosely.
    return { status: response.status, text, json: json as any, headers: response.headers };
  };
  const asAdmin = (method: string, path: string, body?: unknown) =>
    call(admin.authorization, method, path, body);

  /** A user with a password, signed in through the provider's pages, and an API key. */
  async function person(username: string, roles: ("ROLE_USER" | "ROLE_ADMIN")[] = ["ROLE_USER"]) {
    const user = await createUser(platform.database.db, {
      username,
      email: `${username}@admin.openverde.example`,
      password: PASSWORD,
      roles,
    });
    const session = await signInWithPassword(platform.baseUrl, username, PASSWORD);
    const token = `Bearer ${session.tokens.access_token}`;
    const { apiKey } = (await call(token, "GET", "/api-keys/generateApiKey")).json;
    return { user, session, token, key: `Bearer ${apiKey}` };
  }

  async function auditOf(objectId: string) {
    const trail = await asAdmin("GET", `/admin-api/audit-trail?objectId=${objectId}&chunkSize=100`);
    expect(trail.status).toBe(200);
    return trail.json.entries as {
      action: string;
      actorName: string;
      actorDeleted: boolean;
      before: unknown;
      after: unknown;
    }[];
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    platform = await startTestPlatform({ env: { SMTP_URL: smtp.url, LOGIN_MAX_FAILURES: "3" } });
    admin = await signIn(platform, {
      username: "root_admin",
      name: "Rhea Root",
      roles: ["ROLE_USER", "ROLE_ADMIN"],
    });
  });

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
  });

  it("is for admins only", async () => {
    const reader = await signIn(platform, { username: "plain_reader", roles: ["ROLE_USER"] });
    expect((await call(undefined, "GET", "/admin-api/users")).status).toBe(401);
    expect((await call(reader.authorization, "GET", "/admin-api/users")).status).toBe(403);
    expect((await call(reader.authorization, "GET", "/admin-api/audit-trail")).status).toBe(403);
    expect(
      (
        await call(reader.authorization, "PUT", `/admin-api/users/${reader.userId}/roles`, {
          roles: ["ROLE_ADMIN"],
        })
      ).status,
    ).toBe(403);
    const openapi = await call(undefined, "GET", "/admin-api/openapi.json");
    expect(openapi.status).toBe(200);
    expect(Object.keys(openapi.json.paths)).toContain("/users/{userId}/disable");
  });

  it("invites a person, who chooses a password with the link and signs in", async () => {
    const invited = await asAdmin("POST", "/admin-api/users", {
      username: "nora",
      email: "nora@admin.openverde.example",
      name: "Nora Newcomer",
      roles: ["ROLE_UPLOADER"],
    });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({
      username: "nora",
      roles: ["ROLE_USER", "ROLE_UPLOADER"],
      status: "Invited",
      lastSignInAt: null,
    });
    expect(
      (
        await asAdmin("POST", "/admin-api/users", {
          username: "nora",
          email: "other@admin.openverde.example",
        })
      ).status,
    ).toBe(409);
    expect(
      (await asAdmin("POST", "/admin-api/users", { username: "x", email: "not-an-address" })).status,
    ).toBe(400);

    await platform.background.settle();
    const [mail] = smtp.to("nora@admin.openverde.example");
    expect(mail?.subject).toBe("You are invited to Openverde");
    expect(mail?.text).toContain("7 days");
    const link = LINK.exec(mail?.text ?? "")?.[1] as string;
    const client = browser(platform.baseUrl);
    const token = new URL(link).searchParams.get("token") as string;
    const set = await client.go(
      link.split("?")[0] as string,
      client.form({ token, password: PASSWORD, passwordConfirm: PASSWORD }),
    );
    // Without a sign-in to continue, the page says the password is set.
    expect(set.status).toBe(200);
    await signInWithPassword(platform.baseUrl, "nora", PASSWORD);

    const found = await asAdmin("GET", "/admin-api/users?search=NEWCOMER");
    expect(found.json.totalCount).toBe(1);
    expect(found.json.users[0]).toMatchObject({ username: "nora", status: "Active" });
    expect(found.json.users[0].lastSignInAt).not.toBeNull();
    expect(
      (await asAdmin("GET", "/admin-api/users?role=ROLE_UPLOADER")).json.users.map(
        (u: { username: string }) => u.username,
      ),
    ).toEqual(["nora"]);

    const [entry] = await auditOf(invited.json.userId);
    expect(entry).toMatchObject({ action: "user.invited", actorName: "Rhea Root (root_admin)" });
  });

  it("changes roles with an entry per role, and keeps an admin", async () => {
    const { user, key } = await person("rolf");
    const changed = await asAdmin("PUT", `/admin-api/users/${user.userId}/roles`, {
      roles: ["ROLE_REVIEWER"],
    });
    expect(changed.status).toBe(200);
    expect(changed.json.roles).toEqual(["ROLE_USER", "ROLE_REVIEWER"]);
    // The API key acts with the roles its user has now.
    const meta = await call(key, "GET", "/api-keys/getApiKeyMetaInfoForUser");
    expect(meta.json.keycloakRoles).toContain("ROLE_REVIEWER");
    await asAdmin("PUT", `/admin-api/users/${user.userId}/roles`, { roles: ["ROLE_UPLOADER"] });
    const entries = await auditOf(user.userId);
    expect(entries.map((entry) => entry.action)).toEqual([
      "user.role-removed",
      "user.role-granted",
      "user.role-granted",
      "api-key.created",
    ]);
    expect(entries[0]?.after).toMatchObject({ role: "ROLE_REVIEWER", roles: ["ROLE_USER", "ROLE_UPLOADER"] });

    const own = await asAdmin("PUT", `/admin-api/users/${admin.userId}/roles`, { roles: [] });
    expect(own.status).toBe(409);
    expect(own.text).toContain("your own admin role");
    expect((await asAdmin("POST", `/admin-api/users/${admin.userId}/disable`)).status).toBe(409);
    expect((await asAdmin("DELETE", `/admin-api/users/${admin.userId}`)).status).toBe(409);
    expect(
      (await asAdmin("PUT", `/admin-api/users/${user.userId}/roles`, { roles: ["ROLE_NOBODY"] })).status,
    ).toBe(400);
    expect(
      (await asAdmin("PUT", "/admin-api/users/00000000-0000-4000-8000-000000000000/roles", { roles: [] }))
        .status,
    ).toBe(404);
    expect((await asAdmin("GET", "/admin-api/users/not-an-id")).status).toBe(404);
  });

  it("disables an account: sign-in, token, refresh token and API key stop at once; enabling lets it in again", async () => {
    const { user, session, token, key } = await person("dora");
    expect((await call(token, "GET", "/api-keys/getApiKeyMetaInfoForUser")).status).toBe(200);
    expect((await call(key, "GET", "/api-keys/getApiKeyMetaInfoForUser")).status).toBe(200);

    const disabled = await asAdmin("POST", `/admin-api/users/${user.userId}/disable`);
    expect(disabled.json).toMatchObject({ status: "Disabled" });
    const validated = await call(
      undefined,
      "GET",
      `/api-keys/validateApiKey?apiKey=${key.slice("Bearer ".length)}`,
    );
    expect(validated.json).toMatchObject({
      active: false,
      validationMessage: expect.stringContaining("disabled"),
    });
    const refused = await call(key, "GET", "/api-keys/getApiKeyMetaInfoForUser");
    expect(refused.status).toBe(401);
    expect(refused.text).toContain("disabled");
    expect((await call(token, "GET", "/api-keys/getApiKeyMetaInfoForUser")).status).toBe(401);
    expect((await session.client.refresh(session.tokens.refresh_token)).status).toBe(400);
    // The password is right, but the account may not sign in; the page says why.
    const client = browser(platform.baseUrl);
    const page = await client.follow((await client.authorize()).response);
    const answer = await client.go(
      formAction(await page.text()) as string,
      client.form({ username: "dora", password: PASSWORD }),
    );
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("This account is disabled");
    expect(
      (await asAdmin("GET", "/admin-api/users?status=Disabled")).json.users.map(
        (u: { username: string }) => u.username,
      ),
    ).toEqual(["dora"]);

    expect((await asAdmin("POST", `/admin-api/users/${user.userId}/enable`)).json.status).toBe("Active");
    expect((await call(key, "GET", "/api-keys/getApiKeyMetaInfoForUser")).status).toBe(200);
    await signInWithPassword(platform.baseUrl, "dora", PASSWORD);
    expect((await auditOf(user.userId)).map((entry) => entry.action)).toEqual([
      "user.enabled",
      "user.disabled",
      "api-key.created",
    ]);
  });

  it("ends a person's sessions; a new sign-in works", async () => {
    const { user, session, token, key } = await person("enzo");
    expect((await asAdmin("DELETE", `/admin-api/users/${user.userId}/sessions`)).status).toBe(204);
    expect((await call(token, "GET", "/api-keys/getApiKeyMetaInfoForUser")).status).toBe(401);
    expect((await session.client.refresh(session.tokens.refresh_token)).status).toBe(400);
    expect((await call(key, "GET", "/api-keys/getApiKeyMetaInfoForUser")).status).toBe(200);
    // Tokens carry whole seconds: one issued in the second the sessions ended counts as before it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await signInWithPassword(platform.baseUrl, "enzo", PASSWORD);
    expect(
      (await call(`Bearer ${again.tokens.access_token}`, "GET", "/api-keys/getApiKeyMetaInfoForUser")).status,
    ).toBe(200);
  });

  it("sends a password reset and deletes an account, keeping the trail", async () => {
    const { user } = await person("ugo");
    expect((await asAdmin("POST", `/admin-api/users/${user.userId}/password-reset`)).status).toBe(204);
    await platform.background.settle();
    expect(smtp.to("ugo@admin.openverde.example").at(-1)?.subject).toBe(
      "Choose a new password for Openverde",
    );
    expect((await asAdmin("DELETE", `/admin-api/users/${user.userId}`)).status).toBe(204);
    expect(await findUserByUsername(platform.database.db, "ugo")).toBeUndefined();
    expect((await asAdmin("GET", `/admin-api/users/${user.userId}`)).status).toBe(404);
    const entries = await auditOf(user.userId);
    expect(entries.map((entry) => entry.action)).toEqual([
      "user.deleted",
      "user.password-reset-sent",
      "api-key.created",
    ]);
    expect(entries[0]?.before).toMatchObject({ username: "ugo", email: "ugo@admin.openverde.example" });
  });

  it("lists sign-in locks and lifts one", async () => {
    await createUser(platform.database.db, {
      username: "lena",
      email: "lena@admin.openverde.example",
      password: PASSWORD,
      roles: ["ROLE_USER"],
    });
    const client = browser(platform.baseUrl);
    const page = await client.follow((await client.authorize()).response);
    const action = formAction(await page.text()) as string;
    for (let i = 0; i < 3; i++) await client.go(action, client.form({ username: "lena", password: "wrong" }));
    const locks = await asAdmin("GET", "/admin-api/sign-in-locks");
    const lock = locks.json.find((entry: { username: string | null }) => entry.username === "lena");
    expect(lock).toMatchObject({ kind: "account", failures: 3 });
    expect(lock.lockedUntil).not.toBeNull();
    expect((await asAdmin("POST", "/admin-api/sign-in-locks/lift", { key: lock.key })).status).toBe(204);
    expect((await asAdmin("POST", "/admin-api/sign-in-locks/lift", { key: lock.key })).status).toBe(404);
    await signInWithPassword(platform.baseUrl, "lena", PASSWORD);
    const [entry] = await auditOf(lock.key);
    expect(entry).toMatchObject({ action: "sign-in-lock.lifted", before: { failures: 3 } });
  });

  it("pages, filters and exports the audit trail as CSV", async () => {
    const all = await asAdmin("GET", "/admin-api/audit-trail?chunkSize=2");
    expect(all.json.entries).toHaveLength(2);
    expect(all.json.totalCount).toBeGreaterThan(5);
    const second = await asAdmin("GET", "/admin-api/audit-trail?chunkSize=2&chunkIndex=1");
    expect(second.json.entries[0].id).toBeLessThan(all.json.entries[1].id);
    const disabled = await asAdmin("GET", "/admin-api/audit-trail?action=user.disabled");
    expect(disabled.json.entries.every((entry: { action: string }) => entry.action === "user.disabled")).toBe(
      true,
    );
    const future = await asAdmin(
      "GET",
      `/admin-api/audit-trail?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.json.totalCount).toBe(0);
    const byAdmin = await asAdmin("GET", `/admin-api/audit-trail?actorId=${admin.userId}&chunkSize=1000`);
    expect(byAdmin.json.totalCount).toBeGreaterThan(5);
    expect(byAdmin.json.totalCount).toBeLessThan(all.json.totalCount);
    expect(
      byAdmin.json.entries.every(
        (entry: { actorName: string }) => entry.actorName === "Rhea Root (root_admin)",
      ),
    ).toBe(true);
    expect((await asAdmin("GET", "/admin-api/audit-trail?actorId=nobody")).status).toBe(400);

    const csv = await asAdmin("GET", "/admin-api/audit-trail/export?objectType=user");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("at,actorId,actorName,action,objectType,objectId,before,after");
    expect(lines.some((line) => line.includes("user.deleted"))).toBe(true);
  });

  it("says which entries were made by an account deleted since", async () => {
    const former = await signIn(platform, { username: "former_admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
    const target = await signIn(platform, { username: "former_target", roles: ["ROLE_USER"] });
    const change = await call(former.authorization, "PUT", `/admin-api/users/${target.userId}/roles`, {
      roles: ["ROLE_USER", "ROLE_REVIEWER"],
    });
    expect(change.status).toBe(200);
    const before = await auditOf(target.userId);
    expect(before[0]).toMatchObject({ actorId: former.userId, actorDeleted: false });
    expect((await asAdmin("DELETE", `/admin-api/users/${former.userId}`)).status).toBe(204);
    const after = await auditOf(target.userId);
    expect(after[0]).toMatchObject({
      actorId: former.userId,
      actorName: "former_admin (former_admin)",
      actorDeleted: true,
    });
    expect((await auditOf(former.userId))[0]).toMatchObject({ action: "user.deleted", actorDeleted: false });
  });
});
