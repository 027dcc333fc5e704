import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { CopyRows, canCopy, copyInto } from "./copy-rows";

describe("COPY's binary rows", () => {
  it("start with the signature, end with the trailer and write each type as PostgreSQL reads it", () => {
    const rows = new CopyRows();
    rows
      .row(7)
      .uuid("0123abcd-EF45-6789-aBcD-ef0123456789")
      .text("Kö")
      .text(null)
      .smallint(-2)
      .integer(70_000)
      .boolean(true)
      .textArray([]);
    expect(rows.count).toBe(1);
    const bytes = Buffer.concat(rows.chunks());
    expect(bytes.toString("hex")).toBe(
      [
        Buffer.from("PGCOPY\n\xff\r\n\0", "latin1").toString("hex"),
        "00000000",
        "00000000",
        "0007",
        "00000010",
        "0123abcdef456789abcdef0123456789",
        "00000003",
        Buffer.from("Kö").toString("hex"),
        "ffffffff",
        "00000002",
        "fffe",
        "00000004",
        "00011170",
        "00000001",
        "01",
        "0000000c",
        "00000000",
        "00000000",
        "00000019",
        "ffff",
      ].join(""),
    );
  });

  it("spread over chunks when they outgrow one", () => {
    const rows = new CopyRows();
    const long = "x".repeat(100_000);
    for (let index = 0; index < 10; index++) rows.row(1).text(long);
    const chunks = rows.chunks();
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).length).toBe(19 + 10 * (2 + 4 + 100_000) + 2);
  });

  it("write a repeated text as the same bytes as text does, also across chunks and after other values", () => {
    const values = [
      "nord bank",
      "nord bank",
      "kö straße",
      "kö straße",
      "y".repeat(300_000),
      "y".repeat(300_000),
    ];
    const repeated = new CopyRows();
    const plain = new CopyRows();
    for (const value of values) {
      repeated.row(2).text("between").repeatedText(value);
      plain.row(2).text("between").text(value);
    }
    expect(Buffer.concat(repeated.chunks()).equals(Buffer.concat(plain.chunks()))).toBe(true);
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
    await sql`create table copy_rows_probe (id smallint not null, name text, names text[], ref uuid, flag boolean)`.execute(
      db,
    );
    const values = ["tab\there", "line\nbreak\r", "back\\slash", 'Köln "{a,b}"', "€ 😀", ""];
    const ref = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
    const columns = ["id", "name", "names", "ref", "flag"];
    const rows = new CopyRows();
    values.forEach((value, index) => {
      rows
        .row(5)
        .smallint(index)
        .text(value)
        .textArray([value, "NULL", ""])
        .uuid(ref)
        .boolean(index % 2 === 0);
    });
    rows.row(5).smallint(9).text(null).textArray([]).text(null).boolean(false);
    await db.transaction().execute(async (trx) => {
      await copyInto(trx, "copy_rows_probe", columns, rows);
      // The rows are visible to the rest of the transaction at once.
      const inside = await sql<{ n: number }>`select count(*)::int as n from copy_rows_probe`.execute(trx);
      expect(inside.rows[0]?.n).toBe(7);
    });
    const stored = await sql<{
      id: number;
      name: string | null;
      names: string[];
      ref: string | null;
      flag: boolean;
    }>`
      select id, name, names, ref, flag from copy_rows_probe order by id`.execute(db);
    expect(stored.rows).toEqual([
      ...values.map((value, index) => ({
        id: index,
        name: value,
        names: [value, "NULL", ""],
        ref,
        flag: index % 2 === 0,
      })),
      { id: 9, name: null, names: [], ref: null, flag: false },
    ]);

    const failing = new CopyRows();
    failing.row(2).smallint(10).text("kept only if all are");
    failing.row(2).text(null).text("breaks the not null");
    await expect(
      db.transaction().execute(async (trx) => {
        await copyInto(trx, "copy_rows_probe", ["id", "name"], new CopyRows());
        await sql`insert into copy_rows_probe (id) values (11)`.execute(trx);
        await copyInto(trx, "copy_rows_probe", ["id", "name"], failing);
      }),
    ).rejects.toThrow(/null value/);
    const after = await sql<{ n: number }>`select count(*)::int as n from copy_rows_probe`.execute(db);
    expect(after.rows[0]?.n).toBe(7);
    // The connection went back to the pool in working order.
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    await sql`drop table copy_rows_probe`.execute(db);
  });
});
