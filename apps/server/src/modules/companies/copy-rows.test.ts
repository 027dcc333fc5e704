import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { CopyRows, canCopy, copyInto, copyValue } from "./copy-rows";

const text = (rows: CopyRows) => Buffer.concat(rows.chunks()).toString();

describe("COPY text", () => {
  it("escapes backslash, tab, newline and carriage return and writes NULL as \\N", () => {
    expect(copyValue("plain Müller & Co. AG")).toBe("plain Müller & Co. AG");
    expect(copyValue("a\\b\tc\nd\re")).toBe("a\\\\b\\tc\\nd\\re");
    expect(copyValue("\\N")).toBe("\\\\N");
    expect(copyValue("")).toBe("");
    expect(copyValue(null)).toBe("\\N");
  });

  it("joins a row's values with tabs and ends each row with a newline, over several chunks", () => {
    const rows = new CopyRows();
    rows.add(["a\tb", null, "c"]);
    rows.addEncoded("already\\tencoded");
    for (let index = 0; index < 600; index++) rows.add([String(index)]);
    expect(rows.count).toBe(602);
    expect(rows.chunks().length).toBeGreaterThan(1);
    const lines = text(rows).split("\n");
    expect(lines.slice(0, 3)).toEqual(["a\\tb\t\\N\tc", "already\\tencoded", "0"]);
    expect(lines.at(-2)).toBe("599");
    expect(lines.at(-1)).toBe("");
  });
});

describe("copyInto", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("is available on a PostgreSQL server only", async () => {
    expect(await canCopy(platform.database.db)).toBe(platform.database.kind === "server");
  });

  it("writes the rows in the transaction, which keeps them or rolls them back", async (context) => {
    const db = platform.database.db;
    if (!(await canCopy(db))) context.skip();
    await sql`create table copy_rows_probe (id int not null, name text, names text[])`.execute(db);
    const values = ["tab\there", "line\nbreak\r", "back\\slash", "Köln", ""];
    const rows = new CopyRows();
    values.forEach((value, index) => {
      rows.add([String(index), value, `{"${value.replace(/[\\"]/g, "\\$&")}",NULL}`]);
    });
    rows.add(["9", null, null]);
    await db.transaction().execute(async (trx) => {
      await copyInto(trx, "copy_rows_probe", ["id", "name", "names"], rows);
      // The rows are visible to the rest of the transaction at once.
      const inside = await sql<{ n: number }>`select count(*)::int as n from copy_rows_probe`.execute(trx);
      expect(inside.rows[0]?.n).toBe(6);
    });
    const stored = await sql<{ id: number; name: string | null; names: string[] | null }>`
      select id, name, names from copy_rows_probe order by id`.execute(db);
    expect(stored.rows).toEqual([
      ...values.map((value, index) => ({ id: index, name: value, names: [value, null] })),
      { id: 9, name: null, names: null },
    ]);

    const failing = new CopyRows();
    failing.add(["10", "kept only if all are"]);
    failing.add([null, "breaks the not null"]);
    await expect(
      db.transaction().execute(async (trx) => {
        await copyInto(trx, "copy_rows_probe", ["id", "name"], new CopyRows());
        await sql`insert into copy_rows_probe (id) values (11)`.execute(trx);
        await copyInto(trx, "copy_rows_probe", ["id", "name"], failing);
      }),
    ).rejects.toThrow(/null value/);
    const after = await sql<{ n: number }>`select count(*)::int as n from copy_rows_probe`.execute(db);
    expect(after.rows[0]?.n).toBe(6);
    // The connection went back to the pool in working order.
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    await sql`drop table copy_rows_probe`.execute(db);
  });
});
