import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerFor } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import type { AuditActor } from "../audit";
import { importIsinLeiFile } from "./gleif";
import { withIsinCheckDigit, withLeiCheckDigits } from "./identifiers";
import { replaceIsinLeiMapping } from "./isin-lei";
import { jsonArrayElements } from "./isin-lei-json";
import { createCompany, findCompanyIdByIdentifier } from "./service";
import { expectSecondaryIndexesInPlace } from "./test-search-indexes";

let platform: TestPlatform;
let admin: string;
let uploader: string;
let reader: string;
let knownLei: string;
let companyId: string;

const unknownLei = withLeiCheckDigits("ISINTEST0000000099");
const isin = (n: number) => withIsinCheckDigit(`DE${String(n).padStart(9, "0")}`);

const post = (authorization: string | undefined, body: string) =>
  platform.request("/api/isinleimapping/", {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    body,
  });
/** The tables replacements build before they use them (isin-lei-store.ts) that are there. */
const replacementTablesLeft = async () =>
  (
    await sql<{ relname: string }>`select relname from pg_class
      where relkind = 'r' and (starts_with(relname, 'isin_lei_mapping_next')
        or starts_with(relname, 'isin_lei_attach') or starts_with(relname, 'company_search_isin_next'))`.execute(
      platform.database.db,
    )
  ).rows.map((row) => row.relname);
const isinsOf = async (lei: string) =>
  (await (
    await platform.request(`/api/isinleimapping/isins?lei=${lei}`, { headers: { authorization: reader } })
  ).json()) as string[];

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await bearerFor(platform, { username: "isin-admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  uploader = await bearerFor(platform, { username: "isin-uploader", roles: ["ROLE_USER", "ROLE_UPLOADER"] });
  reader = await bearerFor(platform, { username: "isin-reader", roles: ["ROLE_USER"] });
  knownLei = withLeiCheckDigits("ISINTEST0000000001");
  companyId = (
    await createCompany(platform.database.db, {
      companyName: "ISIN Mapping Testbank AG",
      headquarters: "Frankfurt",
      countryCode: "DE",
      identifiers: { Lei: [knownLei] },
    } as never)
  ).companyId;
});
afterAll(async () => platform?.close());

describe("the ISIN-LEI mapping API", () => {
  it("replaces the whole mapping and attaches ISINs to the company holding the LEI", async () => {
    const first = [
      { isin: isin(1), lei: knownLei },
      { isin: isin(2), lei: knownLei },
      { isin: isin(3), lei: unknownLei },
    ];
    const response = await post(admin, JSON.stringify(first));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ pairs: "3", attached: "2", unknownLei: "1" });
    expect(await isinsOf(knownLei)).toEqual([isin(1), isin(2)]);
    expect(await isinsOf(unknownLei)).toEqual([isin(3)]);
    expect(await findCompanyIdByIdentifier(platform.database.db, "Isin", isin(2))).toBe(companyId);

    // A second upload replaces every pair of the first (lower case is read as upper case).
    const second = await post(admin, JSON.stringify([{ isin: isin(4).toLowerCase(), lei: knownLei }]));
    expect(second.status).toBe(200);
    expect(await isinsOf(knownLei)).toEqual([isin(4)]);
    expect(await isinsOf(unknownLei)).toEqual([]);
    expect(await isinsOf("NOSUCHLEI")).toEqual([]);
  });

  it("reads a mapping larger than a JSON body may be, as it streams in", async () => {
    const count = 60_000;
    const pairs = Array.from({ length: count }, (_, n) => ({ isin: isin(100_000 + n), lei: unknownLei }));
    const response = await post(admin, JSON.stringify(pairs));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { pairs: string }).pairs).toBe(String(count));
    expect(await isinsOf(unknownLei)).toHaveLength(count);
  });

  it("refuses a bad body with a 400 and keeps the mapping it had", async () => {
    expect((await post(admin, JSON.stringify([{ isin: isin(7), lei: knownLei }]))).status).toBe(200);
    const bad = [
      JSON.stringify([
        { isin: isin(8), lei: knownLei },
        { isin: "not an isin", lei: knownLei },
      ]),
      JSON.stringify([{ isin: isin(8), lei: "short" }]),
      JSON.stringify({ isin: isin(8), lei: knownLei }),
      `[{"isin":"${isin(8)}","lei":"${knownLei}"},`,
      `[{"isin":"${isin(8)}","lei":"${knownLei}"}] and more`,
      `[{"isin":"${isin(8)}" "lei":"${knownLei}"}]`,
      "[1,,2]",
    ];
    for (const body of bad) {
      const response = await post(admin, body);
      expect(response.status, body).toBe(400);
      const answer = (await response.json()) as { errors: { message: string }[] };
      expect(answer.errors[0]?.message).toContain("Nothing was changed");
    }
    expect(await isinsOf(knownLei)).toEqual([isin(7)]);
    expect(await replacementTablesLeft()).toEqual([]);
  });

  it("drops the tables left by a replacement that crashed, and replaces the mapping", async () => {
    for (const table of [
      "isin_lei_mapping_next_crashed",
      "isin_lei_attach_crashed",
      "company_search_isin_next_crashed",
    ]) {
      await sql`create table ${sql.id(table)} (isin text, lei text)`.execute(platform.database.db);
      await sql`insert into ${sql.id(table)} values ('left', 'over')`.execute(platform.database.db);
    }
    expect((await post(admin, JSON.stringify([{ isin: isin(6), lei: knownLei }]))).status).toBe(200);
    expect(await isinsOf(knownLei)).toEqual([isin(6)]);
    expect(await replacementTablesLeft()).toEqual([]);
    const keys = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'isin_lei_mapping' order by indexname`.execute(platform.database.db);
    expect(keys.rows.map((row) => row.indexname)).toEqual(["isin_lei_mapping_lei", "isin_lei_mapping_pkey"]);
  });

  it("runs many replacements at once one after the other, without running out of connections", async () => {
    const numbers = Array.from({ length: 14 }, (_, n) => 400 + n);
    const responses = await Promise.all(
      numbers.map((n) => post(admin, JSON.stringify([{ isin: isin(n), lei: knownLei }]))),
    );
    expect(responses.map((response) => response.status)).toEqual(numbers.map(() => 200));
    const left = await isinsOf(knownLei);
    expect(left).toHaveLength(1);
    expect(numbers.map(isin)).toContain(left[0]);
    expect(await replacementTablesLeft()).toEqual([]);
  });

  it("drops its next mapping when the replacement fails after building it, and keeps the mapping", async () => {
    expect((await post(admin, JSON.stringify([{ isin: isin(5), lei: knownLei }]))).status).toBe(200);
    // An audit entry without a name fails at the very end, after the swap.
    const nameless = { kind: "operator", name: null } as unknown as AuditActor;
    const pairs = (async function* () {
      yield [{ isin: isin(300), lei: knownLei }];
    })();
    await expect(replaceIsinLeiMapping(platform.database.db, pairs, nameless)).rejects.toThrow(/actor_name/);
    expect(await isinsOf(knownLei)).toEqual([isin(5)]);
    expect(await findCompanyIdByIdentifier(platform.database.db, "Isin", isin(300))).toBeUndefined();
    expect(await replacementTablesLeft()).toEqual([]);
  });

  it("lets only admins replace it and signed-in users read it", async () => {
    const body = JSON.stringify([{ isin: isin(9), lei: knownLei }]);
    expect((await post(undefined, body)).status).toBe(401);
    expect((await post(uploader, body)).status).toBe(403);
    expect((await platform.request(`/api/isinleimapping/isins?lei=${knownLei}`)).status).toBe(401);
    expect(
      (await platform.request("/api/isinleimapping/isins", { headers: { authorization: reader } })).status,
    ).toBe(400);
    expect(await isinsOf(knownLei)).not.toContain(isin(9));
  });

  it("keeps an ISIN given twice with its later LEI and leaves ISINs another company holds", async () => {
    const otherLei = withLeiCheckDigits("ISINTEST0000000002");
    const otherId = (
      await createCompany(platform.database.db, {
        companyName: "ISIN Mapping Otherbank AG",
        headquarters: "Berlin",
        countryCode: "DE",
        identifiers: { Lei: [otherLei], Isin: [isin(21)] },
      } as never)
    ).companyId;
    const response = await post(
      admin,
      JSON.stringify([
        { isin: isin(20), lei: otherLei },
        { isin: isin(20), lei: knownLei },
        { isin: isin(21), lei: knownLei },
        { isin: isin(2), lei: knownLei },
      ]),
    );
    expect(await response.json()).toMatchObject({ pairs: "4", attached: "1", unknownLei: "0" });
    expect(await isinsOf(knownLei)).toEqual([isin(2), isin(20), isin(21)]);
    expect(await isinsOf(otherLei)).toEqual([]);
    expect(await findCompanyIdByIdentifier(platform.database.db, "Isin", isin(20))).toBe(companyId);
    expect(await findCompanyIdByIdentifier(platform.database.db, "Isin", isin(21))).toBe(otherId);
  });

  it("attaches as many ISINs as the register has identifiers with the indexes built again", async () => {
    const { db } = platform.database;
    const identifiers = await sql<{ n: number }>`select count(*)::int as n from company_identifier`.execute(
      db,
    );
    const count = identifiers.rows[0]?.n ?? 0;
    const pairs = Array.from({ length: count }, (_, n) => ({ isin: isin(200_000 + n), lei: knownLei }));
    const response = await post(admin, JSON.stringify(pairs));
    expect(await response.json()).toMatchObject({ attached: String(count) });
    await expectSecondaryIndexesInPlace(db);
    const foundBy = async (text: string) =>
      (
        (await (
          await platform.request(`/api/companies?searchString=${text}`, {
            headers: { authorization: reader },
          })
        ).json()) as { companyId: string }[]
      ).map((company) => company.companyId);
    expect(await foundBy(isin(200_000 + count - 1))).toEqual([companyId]);
    // The ISINs' terms are a table built anew, with the terms attached before (another company's ISIN).
    expect(await foundBy(isin(21))).toHaveLength(1);
    const termColumn = await sql<{ collname: string }>`select c.collname from pg_attribute a
      join pg_collation c on c.oid = a.attcollation
      where a.attrelid = 'company_search_isin'::regclass and a.attname = 'term'`.execute(db);
    expect(termColumn.rows).toEqual([{ collname: "C" }]);
    expect(await replacementTablesLeft()).toEqual([]);
  });

  it("keeps the mapping's columns byte-wise when it is replaced (migration 012)", async () => {
    await post(admin, JSON.stringify([{ isin: isin(30), lei: knownLei }]));
    const columns = await sql<{ attname: string; collname: string }>`
      select a.attname, c.collname from pg_attribute a join pg_collation c on c.oid = a.attcollation
      where a.attrelid = 'isin_lei_mapping'::regclass and a.attname in ('isin', 'lei')
      order by a.attname`.execute(platform.database.db);
    expect(columns.rows).toEqual([
      { attname: "isin", collname: "C" },
      { attname: "lei", collname: "C" },
    ]);
  });

  it("is replaced by the import command through the same function", async () => {
    const file = join(tmpdir(), `isin-lei-${process.pid}.csv`);
    writeFileSync(file, `LEI,ISIN\n${knownLei},${isin(11)}\nnot,a-line\n`);
    const summary = await importIsinLeiFile(platform.database.db, file);
    expect(summary).toMatchObject({ pairs: 1, malformed: 1 });
    expect(await isinsOf(knownLei)).toEqual([isin(11)]);
  });
});

describe("jsonArrayElements", () => {
  const read = async (...chunks: string[]) => {
    const found: unknown[] = [];
    for await (const element of jsonArrayElements(chunks.map((chunk) => Buffer.from(chunk))))
      found.push(element);
    return found;
  };

  it("finds the elements wherever the chunks split them, strings with brackets and commas included", async () => {
    expect(await read(" [ ]")).toEqual([]);
    expect(await read('[{"a":"x,]}","b":[1,2]}', ', 3 , "ü"]  ')).toEqual([{ a: "x,]}", b: [1, 2] }, 3, "ü"]);
    const text = '[{"isin":"a\\"],","lei":"Ä"},{"n":[{"m":1}]}]';
    for (let cut = 0; cut < text.length; cut++)
      expect(await read(text.slice(0, cut), text.slice(cut))).toEqual([
        { isin: 'a"],', lei: "Ä" },
        { n: [{ m: 1 }] },
      ]);
    // A multi-byte character split between chunks.
    const bytes = Buffer.from('["Ä"]');
    const found: unknown[] = [];
    for await (const element of jsonArrayElements([bytes.subarray(0, 3), bytes.subarray(3)]))
      found.push(element);
    expect(found).toEqual(["Ä"]);
  });
});
