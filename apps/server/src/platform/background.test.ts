import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../testing/test-platform";
import { createBackground } from "./background";
import { publishEvent } from "./events";
import { enqueueJob } from "./jobs";

describe("events and jobs", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("hands an event to every subscriber once and runs the jobs they queue once", async () => {
    const { db } = platform.database;
    const seen: string[] = [];
    const ran: unknown[] = [];
    const background = createBackground(
      db,
      {
        "thing.created": [
          async (event, trx) => {
            seen.push(`a:${(event.payload as { name: string }).name}`);
            await enqueueJob(trx, "thing.notify", event.payload);
          },
          async (event) => {
            seen.push(`b:${(event.payload as { name: string }).name}`);
          },
        ],
      },
      { "thing.notify": async (job) => void ran.push(job.payload) },
      platform.app.log,
    );
    await db.transaction().execute((trx) => publishEvent(trx, "thing.created", { name: "x" }));
    await background.settle();
    await background.settle();
    expect(seen).toEqual(["a:x", "b:x"]);
    expect(ran).toEqual([{ name: "x" }]);
  });

  it("keeps nothing of an event whose transaction failed", async () => {
    const { db } = platform.database;
    await expect(
      db.transaction().execute(async (trx) => {
        await publishEvent(trx, "never.happened", {});
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from platform_event where type = 'never.happened'`.execute(db);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it("retries a failing job later and records the error", async () => {
    const { db } = platform.database;
    let calls = 0;
    const background = createBackground(
      db,
      {},
      {
        "flaky.work": async () => {
          calls++;
          throw new Error("remote end down");
        },
      },
      platform.app.log,
    );
    await enqueueJob(db, "flaky.work", {});
    await background.settle();
    expect(calls).toBe(1);
    const job = await sql<{ attempts: number; last_error: string; due_later: boolean }>`
      select attempts, last_error, run_at > now() as due_later from platform_job where type = 'flaky.work'`.execute(
      db,
    );
    expect(job.rows[0]).toEqual({ attempts: 1, last_error: "remote end down", due_later: true });
  });
});
