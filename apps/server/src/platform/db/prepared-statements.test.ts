import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./database";
import { PREPARED, prepared } from "./prepared-statements";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("statements kept prepared", () => {
  let dataDir: string;
  let database: Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "openverde-prepared-"));
    database = await openDatabase({
      dataDir,
      databaseUrl: process.env.TEST_DATABASE_URL,
      purpose: "prepared statements test",
    });
  });

  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("give the right rows for every set of parameters, run as often as asked", async () => {
    for (const value of [1, 2, 3, 40, 500, 6000, 7]) {
      const marked = await sql<{
        doubled: number;
      }>`${sql.raw(PREPARED)} select ${value}::int * 2 as doubled`.execute(database.db);
      expect(marked.rows).toEqual([{ doubled: value * 2 }]);
      const built = database.db
        .selectNoFrom((eb) => eb.val(`value ${value}`).as("label"))
        .$castTo<{ label: string }>();
      expect((await database.db.executeQuery(prepared(built))).rows).toEqual([{ label: `value ${value}` }]);
    }
  });

  it.skipIf(!onPostgres)(
    "are prepared once per connection on a server, and only the marked ones",
    async () => {
      const statements = await database.db.transaction().execute(async (trx) => {
        for (const value of [1, 2, 3]) {
          await sql`${sql.raw(PREPARED)} select ${value}::int + 1 as kept_prepared`.execute(trx);
          await sql`select ${value}::int + 1 as run_unnamed`.execute(trx);
        }
        const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(trx);
        return rows;
      });
      const marked = statements.filter((row) => row.statement.includes("kept_prepared"));
      expect(marked).toHaveLength(1);
      expect(marked[0]?.name).toMatch(/^openverde_[0-9a-f]{32}$/);
      expect(statements.some((row) => row.statement.includes("run_unnamed"))).toBe(false);
    },
  );
});
