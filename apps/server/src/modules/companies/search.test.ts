import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../platform/db/migrations";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { composition, migrationSources } from "../registry";
import { importRecords } from "./gleif";
import { withIsinCheckDigit, withLeiCheckDigits } from "./identifiers";
import { createCompany, patchCompany, setCompanyFrameworksWithActiveData } from "./service";

let platform: TestPlatform;
const ids = new Map<string, string>();
let serial = 0;

async function add(name: string, extra: Record<string, unknown> = {}) {
  const stored = await createCompany(platform.database.db, {
    companyName: name,
    headquarters: "Köln",
    countryCode: "DE",
    sector: "Financials",
    identifiers: { Lei: [withLeiCheckDigits(`SRCH00${String(++serial).padStart(12, "0")}`)] },
    ...extra,
  } as never);
  ids.set(name, stored.companyId);
  return stored;
}

async function search(query: string): Promise<{ companyId: string; companyName: string }[]> {
  const response = await platform.request(`/api/companies?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { companyId: string; companyName: string }[];
}

const names = async (query: string) => (await search(query)).map((company) => company.companyName);

async function count(query: string): Promise<number> {
  const response = await platform.request(`/api/companies/numberOfCompanies?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as number;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  await add("Bank");
  await add("Bankhaus Lampe KG");
  await add("Bank of Köln AG", { countryCode: "GB", headquarters: "London", sector: "Utilities" });
  await add("Deutsche Bank AG");
  await add("Kreditbank Nord AG", { countryCode: "FR", headquarters: "Paris" });
  await add("Koln Energie GmbH", { sector: "Energy" });
  await add("Zeta Industries SE", {
    companyAlternativeNames: ["ZIX Holding"],
    identifiers: {
      Lei: [withLeiCheckDigits("ZETA00000000000001")],
      Isin: [withIsinCheckDigit("DE000ZETA00")],
    },
  });
  await add("Nord Holding GmbH");
  await add("Konord Holding GmbH", { countryCode: "NL" });
  await add("Müller & Co. KG");
  await add("Crab C Trading");
  await add("Zulu", {
    companyAlternativeNames: Array.from(
      { length: 20 },
      (_, index) => `Zulu ${String(index + 1).padStart(2, "0")}`,
    ),
  });
  await add("Zulu Zz");
  for (let index = 1; index <= 14; index++) {
    const label = String(index).padStart(2, "0");
    await add(`Alpha ${label} Beteiligungs AG`, {
      companyAlternativeNames: [`Alpha ${label} Holding`, `Alpha ${label} Invest`, `Alpha ${label} Capital`],
      countryCode: index % 2 === 0 ? "DE" : "NL",
    });
  }
});

afterAll(async () => {
  await platform?.close();
});

describe("company search ranking", () => {
  it("puts the exact name first, then names starting with the text, then word starts, then names containing it", async () => {
    expect(await names("searchString=bank")).toEqual([
      "Bank",
      "Bank of Köln AG",
      "Bankhaus Lampe KG",
      "Deutsche Bank AG",
      "Kreditbank Nord AG",
    ]);
  });

  it("matches several words at a word start and inside a name", async () => {
    expect(await names("searchString=bank%20ag")).toEqual(["Deutsche Bank AG"]);
    expect(await names("searchString=eutsche%20bank")).toEqual(["Deutsche Bank AG"]);
    expect(await count("searchString=eutsche%20bank")).toBe(1);
    expect(await names("searchString=reditbank%20nord%20ag")).toEqual(["Kreditbank Nord AG"]);
    expect(await names("searchString=bank%20nord%20x")).toEqual([]);
  });

  it("ignores case and accents both ways", async () => {
    expect(await names("searchString=K%C3%B6ln")).toEqual(["Koln Energie GmbH", "Bank of Köln AG"]);
    expect(await names("searchString=KOLN")).toEqual(["Koln Energie GmbH", "Bank of Köln AG"]);
  });

  it("finds alternative names, ISINs and LEIs (also by their beginning)", async () => {
    expect(await names("searchString=zix")).toEqual(["Zeta Industries SE"]);
    expect(await names("searchString=holding%20zix")).toEqual([]);
    expect(await names(`searchString=${withIsinCheckDigit("DE000ZETA00").toLowerCase()}`)).toEqual([
      "Zeta Industries SE",
    ]);
    expect(await names("searchString=ZETA0000")).toEqual(["Zeta Industries SE"]);
    const lei = withLeiCheckDigits(`SRCH00${String(4).padStart(12, "0")}`);
    expect(await names(`searchString=${lei}`)).toEqual(["Deutsche Bank AG"]);
  });

  it("ranks companies with active datasets up within their match kind", async () => {
    const id = ids.get("Bankhaus Lampe KG") as string;
    await platform.database.db
      .transaction()
      .execute((trx) => setCompanyFrameworksWithActiveData(trx, id, { sfdr: 1 }));
    try {
      expect(await names("searchString=bank")).toEqual([
        "Bank",
        "Bankhaus Lampe KG",
        "Bank of Köln AG",
        "Deutsche Bank AG",
        "Kreditbank Nord AG",
      ]);
      expect(await names("searchString=bank&dataTypes=sfdr")).toEqual(["Bankhaus Lampe KG"]);
      expect(await count("searchString=bank&dataTypes=sfdr")).toBe(1);
      // inside a word, with the data type filter: only the names of companies with active data are read
      expect(await names("searchString=ankhaus&dataTypes=sfdr")).toEqual(["Bankhaus Lampe KG"]);
      expect(await names("searchString=haus%20lampe&dataTypes=sfdr")).toEqual(["Bankhaus Lampe KG"]);
      expect(await count("searchString=haus%20lampe&dataTypes=sfdr")).toBe(1);
      expect(await names("searchString=utsche%20bank&dataTypes=sfdr")).toEqual([]);
      expect(await names("dataTypes=sfdr&dataTypes=lksg")).toEqual(["Bankhaus Lampe KG"]);
      // without a search string, companies with active data come first, then by name
      expect((await names("chunkSize=1"))[0]).toBe("Bankhaus Lampe KG");
    } finally {
      await platform.database.db
        .transaction()
        .execute((trx) => setCompanyFrameworksWithActiveData(trx, id, {}));
    }
    expect((await names("searchString=bank"))[1]).toBe("Bank of Köln AG");
  });

  it("filters by country and sector and counts what it lists", async () => {
    expect(await names("searchString=bank&countryCodes=GB&countryCodes=FR")).toEqual([
      "Bank of Köln AG",
      "Kreditbank Nord AG",
    ]);
    expect(await names("searchString=bank&sectors=Utilities")).toEqual(["Bank of Köln AG"]);
    expect(await names("searchString=energie&sectors=Financials")).toEqual([]);
    for (const query of [
      "searchString=bank",
      "searchString=bank&countryCodes=FR",
      "searchString=alpha",
      "searchString=alpha&countryCodes=NL",
      "searchString=zeta0",
      "searchString=holding",
      "searchString=of%20k%C3%B6ln",
      "searchString=pha%2003%20hol",
      "countryCodes=DE",
      "",
    ]) {
      const listed = await search(`${query}&chunkSize=1000`);
      expect(await count(query), query).toBe(listed.length);
    }
  });

  it("counts as many companies as the pages list one after another, each once", async () => {
    const active = ["Alpha 01 Beteiligungs AG", "Alpha 02 Beteiligungs AG", "Alpha 03 Beteiligungs AG"];
    const setActive = (data: Record<string, number>) =>
      Promise.all(
        active.map((name) =>
          platform.database.db
            .transaction()
            .execute((trx) => setCompanyFrameworksWithActiveData(trx, ids.get(name) as string, data)),
        ),
      );
    await setActive({ sfdr: 1 });
    try {
      await expectCountsAsPaged();
    } finally {
      await setActive({});
    }
  });

  async function expectCountsAsPaged() {
    // Common words and prefixes that several names of one company contain (Alpha's alternative
    // names), a text of several words, identifiers, and filters: the count makes the companies
    // distinct on its own (migration 011), the pages through the ranking.
    for (const query of [
      "searchString=holding",
      "searchString=hol",
      "searchString=alpha",
      "searchString=alpha%2001",
      "searchString=holding%20gmbh",
      "searchString=nord%20holding",
      "searchString=zeta",
      "searchString=holding&countryCodes=NL",
      "searchString=alpha&countryCodes=DE&sectors=Financials",
      "searchString=holding&dataTypes=sfdr",
      "searchString=alpha%200&dataTypes=sfdr&countryCodes=NL",
    ]) {
      const paged: string[] = [];
      for (let chunkIndex = 0; ; chunkIndex++) {
        const chunk = await search(`${query}&chunkSize=4&chunkIndex=${chunkIndex}`);
        paged.push(...chunk.map((company) => company.companyId));
        if (chunk.length < 4) break;
      }
      expect(new Set(paged).size, query).toBe(paged.length);
      expect(await count(query), query).toBe(paged.length);
      expect(paged.length, query).toBeGreaterThan(query === "searchString=holding" ? 4 : 0);
    }
  }

  it("ranks the same with a filter that keeps every company as without filters", async () => {
    // Without filters the page comes from the database function company_search_page, with filters
    // from the statement store.ts builds: both must apply the same rules.
    const everyCountry = "countryCodes=DE&countryCodes=GB&countryCodes=FR&countryCodes=NL";
    for (const text of ["bank", "bank ag", "alpha 0", "koln", "deutsche bank ag", "zix", "nord a"]) {
      for (const page of ["chunkSize=1000", "chunkSize=2&chunkIndex=1"]) {
        const plain = await search(`searchString=${encodeURIComponent(text)}&${page}`);
        if (page === "chunkSize=1000") expect(plain.length, text).toBeGreaterThan(0);
        expect(
          await search(`searchString=${encodeURIComponent(text)}&${page}&${everyCountry}`),
          text,
        ).toEqual(plain);
      }
    }
  });

  it("pages stably: the chunks put together are the whole list, each company once", async () => {
    const whole = (await search("searchString=alpha&chunkSize=1000")).map((company) => company.companyId);
    expect(whole).toHaveLength(14);
    for (const chunkSize of [1, 3, 5]) {
      const paged: string[] = [];
      for (let chunkIndex = 0; chunkIndex * chunkSize < whole.length + chunkSize; chunkIndex++) {
        paged.push(
          ...(await search(`searchString=alpha&chunkSize=${chunkSize}&chunkIndex=${chunkIndex}`)).map(
            (company) => company.companyId,
          ),
        );
      }
      expect(paged, `chunkSize ${chunkSize}`).toEqual(whole);
    }
    const listing = (await search("chunkSize=1000")).map((company) => company.companyId);
    const pagedListing = [
      ...(await search("chunkSize=10&chunkIndex=0")),
      ...(await search("chunkSize=10&chunkIndex=1")),
      ...(await search("chunkSize=10&chunkIndex=2")),
    ].map((company) => company.companyId);
    expect(pagedListing).toEqual(listing.slice(0, 30));
  });

  it("suggests names for type-ahead and refuses too short or bad parameters", async () => {
    const response = await platform.request("/api/companies/names?searchString=bank&resultLimit=2");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { companyId: ids.get("Bank"), companyName: "Bank" },
      { companyId: ids.get("Bank of Köln AG"), companyName: "Bank of Köln AG" },
    ]);
    for (const path of [
      "/api/companies/names?searchString=ba",
      "/api/companies/names",
      "/api/companies?searchString=%20ab%20",
      "/api/companies/numberOfCompanies?searchString=ab",
      "/api/companies?chunkSize=0",
      "/api/companies?chunkIndex=-1",
      "/api/companies?dataTypes=unknown",
    ]) {
      const bad = await platform.request(path);
      expect(bad.status, path).toBe(400);
      expect(((await bad.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
    }
  });

  it("finds a text of common words inside a word through the reversed name beginnings, and counts it", async () => {
    const text = encodeURIComponent("nord holding gmbh");
    expect(await names(`searchString=${text}`)).toEqual(["Nord Holding GmbH", "Konord Holding GmbH"]);
    expect(await count(`searchString=${text}`)).toBe(2);
    expect(await names(`searchString=${text}&countryCodes=NL`)).toEqual(["Konord Holding GmbH"]);
    expect(await count(`searchString=${text}&countryCodes=NL`)).toBe(1);
    // a text starting with a sign (after a space in the name) and one the trigram index cannot narrow
    expect(await names(`searchString=${encodeURIComponent("& co. kg")}`)).toEqual(["Müller & Co. KG"]);
    expect(await count(`searchString=${encodeURIComponent("& co. kg")}`)).toBe(1);
    expect(await names(`searchString=${encodeURIComponent("ab c")}`)).toEqual(["Crab C Trading"]);
    expect(await count(`searchString=${encodeURIComponent("ab c")}`)).toBe(1);
  });

  it("ignores control characters in the search text", async () => {
    // Stripped, "\u0001knab" is the text "knab", which no name holds (the reversed beginnings are not words).
    expect(await names("searchString=%01knab")).toEqual([]);
    expect(await names("searchString=%01bank%02")).toEqual(await names("searchString=bank"));
  });

  it("reads on when a company's many names fill the bounded read before the page is settled", async () => {
    // Zulu's 21 names come before Zulu Zz's in the prefix rank; the first read stops inside them.
    expect(await names("searchString=zulu&chunkSize=1&chunkIndex=1")).toEqual(["Zulu Zz"]);
    expect(await names("searchString=zulu&chunkSize=1&chunkIndex=1&countryCodes=DE")).toEqual(["Zulu Zz"]);
    expect(await names("searchString=zulu")).toEqual(["Zulu", "Zulu Zz"]);
  });

  it("keeps the search rows right when a company is renamed or imported", async () => {
    const id = ids.get("Konord Holding GmbH") as string;
    await patchCompany(platform.database.db, id, { companyName: "Konord Capital AG" } as never);
    expect(await names(`searchString=${encodeURIComponent("nord holding gmbh")}`)).toEqual([
      "Nord Holding GmbH",
    ]);
    expect(await names(`searchString=${encodeURIComponent("nord capital ag")}`)).toEqual([
      "Konord Capital AG",
    ]);
    await patchCompany(platform.database.db, id, { companyName: "Konord Holding GmbH" } as never);
    const lei = withLeiCheckDigits("SRCHIMPORT00000001");
    await importRecords(
      platform.database.db,
      (async function* () {
        yield {
          lei,
          companyName: "Pinord Holding GmbH",
          alternativeNames: [],
          headquarters: "Berlin",
          headquartersPostalCode: null,
          countryCode: "DE",
        };
      })(),
      { deferIndexes: false },
    );
    expect(await names(`searchString=${encodeURIComponent("nord holding gmbh")}`)).toEqual([
      "Nord Holding GmbH",
      "Konord Holding GmbH",
      "Pinord Holding GmbH",
    ]);
  });

  it("keeps an ISIN's search term with its company when the ISIN changes and when the company gets active data", async () => {
    const first = withIsinCheckDigit("XS0000AAAA0");
    const second = withIsinCheckDigit("XS0000AAAA1");
    const other = withIsinCheckDigit("XS0000AAAA2");
    const held = await add("Isin Holder AG", { identifiers: { Isin: [first] } });
    const later = await add("Another Isin Holder AG", { identifiers: { Isin: [other] } });
    expect(await names("searchString=xs0000aaaa")).toEqual(["Isin Holder AG", "Another Isin Holder AG"]);

    await patchCompany(platform.database.db, held.companyId, { identifiers: { Isin: [second] } } as never);
    expect(await names(`searchString=${first}`)).toEqual([]);
    expect(await names(`searchString=${second}`)).toEqual(["Isin Holder AG"]);

    await platform.database.db
      .transaction()
      .execute((trx) => setCompanyFrameworksWithActiveData(trx, later.companyId, { sfdr: 1 }));
    try {
      expect(await names("searchString=xs0000aaaa")).toEqual(["Another Isin Holder AG", "Isin Holder AG"]);
      expect(await names("searchString=xs0000aaaa&dataTypes=sfdr")).toEqual(["Another Isin Holder AG"]);
      expect(await count("searchString=xs0000aaaa&dataTypes=sfdr")).toBe(1);
    } finally {
      await platform.database.db
        .transaction()
        .execute((trx) => setCompanyFrameworksWithActiveData(trx, later.companyId, {}));
    }
  });

  it("treats LIKE wildcards in the search string as plain text", async () => {
    expect(await names("searchString=%25%25%25")).toEqual([]);
    expect(await names("searchString=___")).toEqual([]);
  });

  it("never JIT-compiles the search functions, whose generic plans pass jit_above_cost on large registers", async () => {
    // CREATE OR REPLACE FUNCTION drops a function's settings: a migration redefining one must set it again.
    const settings = await sql<{ name: string; config: string[] | null }>`
      select proname as name, proconfig as config from pg_proc
      where proname in ('company_search_ranked', 'company_search_count') order by proname`.execute(
      platform.database.db,
    );
    expect(settings.rows.map((row) => [row.name, row.config?.includes("jit=off")])).toEqual([
      ["company_search_count", true],
      ["company_search_ranked", true],
    ]);
  });

  it("pairs the word table's rows of a database from before migration 014 as the code writes them", async () => {
    const db = platform.database.db;
    const wordRows = async () =>
      (
        await sql<{ row: string }>`
          select concat_ws('|', company_id, suffix, tail, search_boost, term) as row from company_search_word
          order by company_id, term, suffix, tail`.execute(db)
      ).rows.map((row) => row.row);
    const written = await wordRows();
    expect(written.some((row) => row.includes("|holding gmbh|dron|"))).toBe(true);

    // The table as it was before: a row per key, the tails marked by chr(1).
    await sql`create table company_search_word_before as
      select company_id, suffix, search_boost, term from company_search_word where suffix is not null
      union all
      select company_id, chr(1) || tail, search_boost, term from company_search_word where tail is not null`.execute(
      db,
    );
    await sql`drop table company_search_word`.execute(db);
    await sql`alter table company_search_word_before rename to company_search_word`.execute(db);
    await sql`create index company_search_word_ordered on company_search_word (search_boost, suffix, company_id)
      include (term)`.execute(db);
    await sql`delete from platform_migration where module = 'companies' and version = 14`.execute(db);

    const report = await migrate(db, migrationSources(composition));

    expect(report.applied.map((migration) => `${migration.module}/${migration.version}`)).toEqual([
      "companies/14",
    ]);
    expect(await wordRows()).toEqual(written);
    expect(await names(`searchString=${encodeURIComponent("nord holding gmbh")}`)).toEqual([
      "Nord Holding GmbH",
      "Konord Holding GmbH",
      "Pinord Holding GmbH",
    ]);
  });

  it("moves the ISINs' search terms of a database from before migration 015 into their own table", async () => {
    const db = platform.database.db;
    const rowsOf = async (table: "company_search_isin" | "company_search_term") =>
      (
        await sql<{
          row: string;
        }>`select concat_ws('|', company_id, term, search_boost) as row from ${sql.table(table)}
          order by company_id, term`.execute(db)
      ).rows.map((row) => row.row);
    const isinTerms = await rowsOf("company_search_isin");
    const otherTerms = await rowsOf("company_search_term");
    const isin = withIsinCheckDigit("DE000ZETA00");
    expect(isinTerms).toContain(`${ids.get("Zeta Industries SE")}|${isin.toLowerCase()}|1`);

    // The terms as they were before: the ISINs' among the others, marked as identifiers.
    await sql`insert into company_search_term (company_id, term, search_boost, is_identifier)
      select company_id, term, search_boost, true from company_search_isin`.execute(db);
    await sql`drop table company_search_isin`.execute(db);
    await sql`delete from platform_migration where module = 'companies' and version = 15`.execute(db);

    const report = await migrate(db, migrationSources(composition));

    expect(report.applied.map((migration) => `${migration.module}/${migration.version}`)).toEqual([
      "companies/15",
    ]);
    expect(await rowsOf("company_search_isin")).toEqual(isinTerms);
    expect(await rowsOf("company_search_term")).toEqual(otherTerms);
    expect(await names(`searchString=${isin}`)).toEqual(["Zeta Industries SE"]);
    expect(await count(`searchString=${isin.slice(0, 8)}`)).toBe(1);
  });
});
