import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REALM_PATH } from "../../platform/auth/realm";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { browser, formAction } from "./oidc-flow";
import { passwordChecker } from "./password-check";
import { createUser } from "./service";
import { loginThrottle } from "./throttle";

const PASSWORD = "Sunflower-Field-42";
const LIMIT = 4;
const GUESSES = 60;

/**
 * Attacks on the sign-in budget over HTTP, with many requests in flight at once: however the requests
 * interleave, no more passwords are checked than the limit allows, and the right one is refused after.
 */
describe("the sign-in budget under concurrent guesses", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    // Without the per-address rate limit, which an attacker with many addresses would not meet either.
    platform = await startTestPlatform({ env: { RATE_LIMITS: "false", LOGIN_MAX_FAILURES: String(LIMIT) } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const newUser = (username: string) =>
    createUser(platform.database.db, {
      username,
      email: `${username}@budget.openverde.example`,
      password: PASSWORD,
      roles: ["ROLE_USER"],
    });

  /** A sign-in flow of its own, up to its login form: what each guess of a parallel attack starts with. */
  const openSignIn = async () => {
    const client = browser(platform.baseUrl);
    const page = await client.follow((await client.authorize()).response);
    return { client, action: formAction(await page.text()) as string };
  };

  const signIn = async (flow: Awaited<ReturnType<typeof openSignIn>>, username: string, password: string) =>
    (await flow.client.go(flow.action, flow.client.form({ username, password }))).status;

  it("checks at most the limit of parallel sign-in guesses, then refuses the right password", async () => {
    await newUser("gwen");
    const flows = await Promise.all(Array.from({ length: GUESSES + 1 }, openSignIn));
    const guesses = flows.slice(0, GUESSES);
    const statuses = await Promise.all(guesses.map((flow, i) => signIn(flow, "gwen", `wrong-${i}`)));
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    expect(await signIn(flows[GUESSES] as (typeof flows)[number], "gwen", PASSWORD)).toBe(429);
  });

  it("counts the account page's current-password confirmation in the same budget", async () => {
    await newUser("hugo");
    const client = browser(platform.baseUrl);
    const loginPage = await client.follow(await client.go(`${DEFAULT_REALM_PATH}/account`));
    const account = await client.follow(
      await client.go(
        formAction(await loginPage.text()) as string,
        client.form({ username: "hugo", password: PASSWORD }),
      ),
    );
    const csrf = /name="csrf" value="([^"]+)"/.exec(await account.text())?.[1] as string;
    const change = (current: string) =>
      client.go(
        `${DEFAULT_REALM_PATH}/account/password`,
        client.form({ csrf, current, password: "New-Meadow-Path-9", passwordConfirm: "New-Meadow-Path-9" }),
      );
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => (await change(`wrong-${i}`)).status),
    );
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((status) => status !== 400).every((status) => status === 429)).toBe(true);
    const right = await change(PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await right.text()).toContain("Too many");
    // Deleting the account asks for the password too, and is refused as well.
    const deleted = await client.go(
      `${DEFAULT_REALM_PATH}/account/delete`,
      client.form({ csrf, current: PASSWORD }),
    );
    expect(deleted.status).toBe(429);
  });

  it("counts unknown names like accounts, and gives a right password's attempt back to the address", async () => {
    const { db } = platform.database;
    const check = passwordChecker(
      db,
      loginThrottle(db, { maxFailures: LIMIT, maxAddressFailures: 3, lockSeconds: 900 }),
    );
    const outcomes = await Promise.all(
      // From as many addresses as guesses: only the name's own count can stop them.
      Array.from({ length: GUESSES }, (_, i) => check({ login: "nobody-at-all" }, "guess", `10.0.0.${i}`)),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === "wrong").length).toBe(LIMIT);
    expect(outcomes.filter((outcome) => outcome.outcome === "locked").length).toBe(GUESSES - LIMIT);

    const user = await newUser("ines");
    for (let i = 0; i < 5; i++)
      expect(await check({ login: "ines" }, PASSWORD, "192.0.2.2")).toEqual({
        outcome: "right",
        userId: user.userId,
      });
    expect((await check({ userId: user.userId }, "wrong", "192.0.2.2")).outcome).toBe("wrong");
  });
});
