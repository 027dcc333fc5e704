import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fragmentParams, signInWithPassword } from "../modules/identity/oidc-flow";
import { startTestPlatform, type TestPlatform } from "../testing/test-platform";
import { createBackground } from "./background";
import { publishEvent } from "./events";
import { enqueueJob } from "./jobs";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  process.stdout.write("two-instances.test.ts: skipped on the embedded database; npm run test:pg runs it.\n");
}

/** Two server instances on one PostgreSQL database, as behind a load balancer at one address. */
describe.skipIf(!onPostgres)("two instances on one PostgreSQL", () => {
  let first: TestPlatform;
  let second: TestPlatform;

  beforeAll(async () => {
    first = await startTestPlatform({ demo: true });
    second = await startTestPlatform({ joining: first });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("signs in through one instance and serves the session and the API through the other", async () => {
    const { client, tokens } = await signInWithPassword(first.baseUrl, "data_reader", "password");
    const onSecond = await second.request("/api-keys/getApiKeyMetaInfoForUser", {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(onSecond.status).toBe(200);

    const refreshed = await fetch(
      `${second.baseUrl}/keycloak/realms/openverdesecurity/protocol/openid-connect/token`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: tokens.refresh_token,
          client_id: "openverde-web",
        }),
      },
    );
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { access_token: string };
    const onFirst = await first.request("/api-keys/getApiKeyMetaInfoForUser", {
      headers: { authorization: `Bearer ${renewed.access_token}` },
    });
    expect(onFirst.status).toBe(200);

    // The provider session made through the first instance lets the second sign the user in silently.
    const silent = await client.authorize({ prompt: "none" });
    const back = await client.follow(silent.response);
    expect(back.status).toBeGreaterThanOrEqual(300);
    expect(fragmentParams(back.headers.get("location") ?? "").get("code")).toBeTruthy();
  });

  it("runs each job once, whichever instance claims it", async () => {
    const runs: number[] = [];
    const handlers = {
      "test.count": async (job: { payload: unknown }) => {
        runs.push((job.payload as { n: number }).n);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const a = createBackground(first.database.db, {}, handlers, first.app.log);
    const b = createBackground(second.database.db, {}, handlers, second.app.log);
    for (let n = 0; n < 40; n++) await enqueueJob(first.database.db, "test.count", { n });
    await Promise.all([a.settle(), b.settle()]);
    expect(runs.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    const left = await sql<{ n: number }>`
      select count(*)::int as n from platform_job where type = 'test.count' and finished_at is null`.execute(
      first.database.db,
    );
    expect(left.rows[0]?.n).toBe(0);
  });

  it("hands each event to its subscribers once, whichever instance dispatches it", async () => {
    const seen: number[] = [];
    const subscriptions = {
      "test.happened": [
        async (event: { payload: unknown }) => {
          seen.push((event.payload as { n: number }).n);
        },
      ],
    };
    const a = createBackground(first.database.db, subscriptions, {}, first.app.log);
    const b = createBackground(second.database.db, subscriptions, {}, second.app.log);
    for (let n = 0; n < 30; n++) await publishEvent(second.database.db, "test.happened", { n });
    await Promise.all([a.settle(), b.settle()]);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });
});
