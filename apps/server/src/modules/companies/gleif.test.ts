import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { importGleifFile, importIsinLeiFile, importRecords, type MalformedRecord } from "./gleif";
import { withIsinCheckDigit, withLeiCheckDigits } from "./identifiers";
import type { ImportRecord } from "./import-store";
import { countAllCompanies, searchCompanies } from "./search";
import { IMPORTED_TABLES } from "./search-indexes";
import { createCompany, findCompanyIdByIdentifier, getCompanyInformation } from "./service";
import { expectSecondaryIndexesInPlace } from "./test-search-indexes";

interface TestRecord {
  lei?: string;
  name?: string;
  otherNames?: string[];
  transliterated?: string[];
  city?: string;
  country?: string;
  postalCode?: string;
}

function record(entry: TestRecord): string {
  const other = (entry.otherNames ?? [])
    .map(
      (name) =>
        `<lei:OtherEntityName xml:lang="en" type="TRADING_OR_OPERATING_NAME">${name}</lei:OtherEntityName>`,
    )
    .join("");
  const transliterated = (entry.transliterated ?? [])
    .map(
      (name) =>
        `<lei:TransliteratedOtherEntityName xml:lang="en" type="AUTO_ASCII_TRANSLITERATED_LEGAL_NAME">${name}</lei:TransliteratedOtherEntityName>`,
    )
    .join("");
  return `
    <lei:LEIRecord xmlns:gleif="http://www.gleif.org/data/schema/golden-copy/extensions/1.0">
      ${entry.lei === undefined ? "" : `<lei:LEI>${entry.lei}</lei:LEI>`}
      <lei:Entity>
        ${entry.name === undefined ? "" : `<lei:LegalName xml:lang="de">${entry.name}</lei:LegalName>`}
        ${other ? `<lei:OtherEntityNames>${other}</lei:OtherEntityNames>` : ""}
        ${transliterated ? `<lei:TransliteratedOtherEntityNames>${transliterated}</lei:TransliteratedOtherEntityNames>` : ""}
        <lei:LegalAddress xml:lang="de"><lei:City>Legal City</lei:City><lei:Country>LU</lei:Country></lei:LegalAddress>
        <lei:HeadquartersAddress xml:lang="de">
          <lei:City>${entry.city ?? "Frankfurt am Main"}</lei:City>
          <lei:Region>DE-HE</lei:Region>
          <lei:Country>${entry.country ?? "DE"}</lei:Country>
          ${entry.postalCode === undefined ? "" : `<lei:PostalCode>${entry.postalCode}</lei:PostalCode>`}
        </lei:HeadquartersAddress>
        <lei:RegistrationAuthority><lei:RegistrationAuthorityID>RA000242</lei:RegistrationAuthorityID></lei:RegistrationAuthority>
      </lei:Entity>
      <lei:Registration><lei:RegistrationStatus>ISSUED</lei:RegistrationStatus></lei:Registration>
    </lei:LEIRecord>`;
}

function goldenCopy(records: TestRecord[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<lei:LEIData xmlns:lei="http://www.gleif.org/data/schema/leidata/2016">
  <lei:LEIHeader><lei:ContentDate>2025-01-01T00:00:00Z</lei:ContentDate><lei:RecordCount>${records.length}</lei:RecordCount></lei:LEIHeader>
  <lei:LEIRecords>${records.map(record).join("")}
  </lei:LEIRecords>
</lei:LEIData>`;
}

/** A zip file with one stored (uncompressed) entry, written by hand so the test needs no zip library. */
function zipOf(fileName: string, content: Buffer): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of content) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  crc = (crc ^ 0xffffffff) >>> 0;
  const name = Buffer.from(fileName);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

const lei = (n: number) => withLeiCheckDigits(`GLEIFTEST${String(n).padStart(9, "0")}`);

let platform: TestPlatform;
let dir: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  dir = mkdtempSync(join(tmpdir(), "openverde-gleif-"));
});

afterAll(async () => {
  await platform?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GLEIF import", () => {
  it("imports plain XML with names, other and transliterated names, city, postal code and country", async () => {
    const file = join(dir, "golden.xml");
    writeFileSync(
      file,
      goldenCopy([
        {
          lei: lei(1),
          name: "Münchener Rückversicherungs-Gesellschaft AG",
          otherNames: ["Munich Re"],
          transliterated: ["Muenchener Rueckversicherungs-Gesellschaft AG"],
          city: "München",
          postalCode: "80802",
        },
        { lei: lei(2), name: "Kölner Bank eG", city: "Köln", country: "de" },
      ]),
    );
    const summary = await importGleifFile(platform.database.db, file);
    expect(summary).toMatchObject({ records: 2, added: 2, updated: 0, unchanged: 0, malformed: 0 });
    const id = await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(1));
    const information = await getCompanyInformation(platform.database.db, id as string);
    expect(information).toMatchObject({
      companyName: "Münchener Rückversicherungs-Gesellschaft AG",
      companyAlternativeNames: ["Munich Re", "Muenchener Rueckversicherungs-Gesellschaft AG"],
      headquarters: "München",
      headquartersPostalCode: "80802",
      countryCode: "DE",
      identifiers: { Lei: [lei(1)] },
    });
    const found = await searchCompanies(platform.database.db, { searchString: "munich" });
    expect(found.map((company) => company.companyName)).toEqual([
      "Münchener Rückversicherungs-Gesellschaft AG",
    ]);
    const koln = await searchCompanies(platform.database.db, { searchString: "Koln" });
    expect(koln.map((company) => company.countryCode)).toEqual(["DE"]);
  });

  it("removes invisible characters from register names instead of stopping on them", async () => {
    const file = join(dir, "invisible.xml");
    // As the golden copy would carry them: character references for a right-to-left override, a
    // zero-width space and a byte order mark; a name of nothing else has no legal name left.
    writeFileSync(
      file,
      goldenCopy([
        { lei: lei(70), name: "Alpha&#x202E;GA Holding", otherNames: ["Alpha&#x200B; Trading&#xFEFF;"] },
        { lei: lei(71), name: "&#x202E;&#x200B;" },
        { lei: lei(72), name: "Omega Holding" },
      ]),
    );
    const malformed: MalformedRecord[] = [];
    const summary = await importGleifFile(platform.database.db, file, {
      onMalformed: (record) => malformed.push(record),
    });
    expect(summary).toMatchObject({ added: 2, malformed: 1 });
    expect(malformed.map((record) => [record.lei, record.reason])).toEqual([
      [lei(71), "it has no legal name"],
    ]);
    const id = await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(70));
    expect(await getCompanyInformation(platform.database.db, id as string)).toMatchObject({
      companyName: "AlphaGA Holding",
      companyAlternativeNames: ["Alpha Trading"],
    });
    expect(await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(72))).toBeDefined();
  });

  it("imports .gz and .zip files, reports malformed records with LEI or position and skips them", async () => {
    const xml = goldenCopy([
      { lei: lei(10), name: "Gzip Holding GmbH" },
      { lei: lei(11), name: "No Country SA", country: "Luxembourg" },
      { name: "Record Without LEI AG" },
      { lei: lei(12), city: "" },
    ]);
    writeFileSync(join(dir, "golden.xml.gz"), gzipSync(Buffer.from(xml)));
    const malformed: MalformedRecord[] = [];
    const gz = await importGleifFile(platform.database.db, join(dir, "golden.xml.gz"), {
      onMalformed: (bad) => malformed.push(bad),
    });
    expect(gz).toMatchObject({ records: 1, added: 1, malformed: 3 });
    expect(malformed.map((bad) => bad.lei)).toEqual([lei(11), undefined, lei(12)]);
    expect(malformed[1]).toMatchObject({ recordNumber: 3 });
    expect(malformed[1]?.line).toBeGreaterThan(1);
    expect(malformed[0]?.reason).toContain("Luxembourg");

    writeFileSync(
      join(dir, "golden.zip"),
      zipOf(
        "20250101-gleif-concatenated-file-lei2.xml",
        Buffer.from(goldenCopy([{ lei: lei(20), name: "Zip AG" }])),
      ),
    );
    const zip = await importGleifFile(platform.database.db, join(dir, "golden.zip"));
    expect(zip).toMatchObject({ records: 1, added: 1, malformed: 0 });
    expect(await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(20))).toBeDefined();
  });

  it("updates by LEI on a re-import: changed names change, nothing is added twice", async () => {
    const file = join(dir, "again.xml");
    const records = [
      { lei: lei(30), name: "Old Name AG", city: "Bonn" },
      { lei: lei(31), name: "Stays The Same SE" },
    ];
    writeFileSync(file, goldenCopy(records));
    await importGleifFile(platform.database.db, file);
    const before = await countAllCompanies(platform.database.db);
    const id = await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(30));

    writeFileSync(file, goldenCopy([{ ...records[0], name: "New Name AG" }, records[1] as TestRecord]));
    const summary = await importGleifFile(platform.database.db, file);
    expect(summary).toMatchObject({ records: 2, added: 0, updated: 1, unchanged: 1 });
    expect(await countAllCompanies(platform.database.db)).toBe(before);
    expect(await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(30))).toBe(id);
    expect((await getCompanyInformation(platform.database.db, id as string))?.companyName).toBe(
      "New Name AG",
    );
    expect(await searchCompanies(platform.database.db, { searchString: "Old Name" })).toEqual([]);
    expect((await searchCompanies(platform.database.db, { searchString: "New Name" }))[0]?.companyId).toBe(
      id,
    );
  });

  it("builds the dropped indexes and the foreign key again and analyzes the tables it wrote", async () => {
    const { db } = platform.database;
    async function* records() {
      yield {
        lei: lei(90),
        companyName: "Neu Gebaut AG",
        alternativeNames: [],
        headquarters: "Bonn",
        headquartersPostalCode: null,
        countryCode: "DE",
      };
    }
    // Statistics of earlier imports removed, so that those found after this one are its own.
    await sql`delete from pg_statistic where starelid in (${sql.join(IMPORTED_TABLES.map((table) => sql`${table}::regclass`))})`.execute(
      db,
    );
    const summary = await importRecords(db, records(), {
      deferIndexes: true,
      indexBuildParallelism: platform.database.kind === "server" ? 2 : 1,
    });
    expect(summary).toMatchObject({ records: 1, added: 1 });
    await expectSecondaryIndexesInPlace(db);
    const statistics = await sql<{ tablename: string }>`select distinct tablename from pg_stats
      where tablename in (${sql.join(IMPORTED_TABLES)})`.execute(db);
    expect(statistics.rows.map((row) => row.tablename).sort()).toEqual([...IMPORTED_TABLES].sort());
  });

  it("adds and updates in one batch with the indexes and the foreign key in place", async () => {
    const company = (n: number, companyName: string, alternativeNames: string[] = []) => ({
      lei: lei(n),
      companyName,
      alternativeNames,
      headquarters: "Köln",
      headquartersPostalCode: null,
      countryCode: "DE",
    });
    async function* records(list: ReturnType<typeof company>[]) {
      yield* list;
    }
    const first = await importRecords(
      platform.database.db,
      records([company(50, 'Quote "Kette" AG'), company(51, "Back\\slash GmbH", ["NULL", "Zweit, Name"])]),
      { deferIndexes: false },
    );
    expect(first).toMatchObject({ records: 2, added: 2, updated: 0 });
    const id = await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(50));
    const second = await importRecords(
      platform.database.db,
      records([
        company(50, 'Quote "Kette" Neu AG'),
        company(51, "Back\\slash GmbH", ["NULL", "Zweit, Name"]),
        company(52, "Dritte SE"),
      ]),
      { deferIndexes: false, batchSize: 2 },
    );
    expect(second).toMatchObject({ records: 3, added: 1, updated: 1, unchanged: 1 });
    expect(await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(50))).toBe(id);
    expect((await searchCompanies(platform.database.db, { searchString: 'kette" neu' }))[0]?.companyId).toBe(
      id,
    );
    expect(await searchCompanies(platform.database.db, { searchString: 'Quote "Kette" AG' })).toEqual([]);
    const other = await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(51));
    expect(await getCompanyInformation(platform.database.db, other as string)).toMatchObject({
      companyName: "Back\\slash GmbH",
      companyAlternativeNames: ["NULL", "Zweit, Name"],
    });
    expect((await searchCompanies(platform.database.db, { searchString: "zweit, name" }))[0]?.companyId).toBe(
      other,
    );
    expect(await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(52))).toBeDefined();
  });

  it("keeps tabs, line breaks and backslashes in values, and writes a batch whole or not at all", async () => {
    const db = platform.database.db;
    async function* records(list: ImportRecord[]) {
      yield* list;
    }
    const company = (n: number, companyName: string): ImportRecord => ({
      lei: lei(n),
      companyName,
      alternativeNames: ["Tab\tName", "Zeile\nNeu", 'Back\\slash "quoted" {braced}'],
      headquarters: "Back\\stadt",
      headquartersPostalCode: "D\t50667\r",
      countryCode: "DE",
      legalForm: "GmbH\\Co",
      sector: null,
    });
    await importRecords(db, records([company(60, "Steuer\tZeichen GmbH")]), { deferIndexes: false });
    const id = await findCompanyIdByIdentifier(db, "Lei", lei(60));
    expect(await getCompanyInformation(db, id as string)).toMatchObject({
      companyName: "Steuer\tZeichen GmbH",
      companyAlternativeNames: ["Tab\tName", "Zeile\nNeu", 'Back\\slash "quoted" {braced}'],
      headquarters: "Back\\stadt",
      headquartersPostalCode: "D\t50667\r",
      companyLegalForm: "GmbH\\Co",
    });
    expect((await searchCompanies(db, { searchString: "zeile neu" }))[0]?.companyId).toBe(id);
    expect((await searchCompanies(db, { searchString: "back\\slash" }))[0]?.companyId).toBe(id);

    // The second record breaks the batch (a company needs a name): the first is not written either.
    const broken = { ...company(62, "Kaputt AG"), companyName: null as unknown as string };
    await expect(
      importRecords(db, records([company(61, "Erste AG"), broken]), { deferIndexes: false }),
    ).rejects.toThrow();
    expect(await findCompanyIdByIdentifier(db, "Lei", lei(61))).toBeUndefined();
    expect(await searchCompanies(db, { searchString: "Erste AG" })).toEqual([]);
  });

  it("updates an LEI found twice in the file or added by someone else while it runs, never adding it twice", async () => {
    const db = platform.database.db;
    const company = (n: number, companyName: string): ImportRecord => ({
      lei: lei(n),
      companyName,
      alternativeNames: [],
      headquarters: "Bonn",
      headquartersPostalCode: null,
      countryCode: "DE",
    });
    let addedMeanwhile: string | undefined;
    async function* records() {
      yield company(80, "Zweimal Erst AG");
      yield company(81, "Anderer AG");
      // The import read the register's LEIs at its start; this one comes after.
      const stored = await createCompany(db, {
        companyName: "Schon Da AG",
        headquarters: "Bonn",
        countryCode: "DE",
        identifiers: { Lei: [lei(82)] },
      } as never);
      addedMeanwhile = stored.companyId;
      yield company(82, "Schon Da Neu AG");
      yield company(80, "Zweimal Dann AG");
    }
    const summary = await importRecords(db, records(), { deferIndexes: false, batchSize: 1 });
    expect(summary).toMatchObject({ records: 4, added: 2, updated: 2 });
    expect(await findCompanyIdByIdentifier(db, "Lei", lei(82))).toBe(addedMeanwhile);
    expect((await searchCompanies(db, { searchString: "Schon Da Neu" }))[0]?.companyId).toBe(addedMeanwhile);
    expect(await searchCompanies(db, { searchString: "Zweimal Erst" })).toEqual([]);
    expect(await searchCompanies(db, { searchString: "Zweimal" })).toHaveLength(1);
  });

  it("refuses a file that is not well-formed XML, saying where", async () => {
    const file = join(dir, "broken.xml");
    writeFileSync(file, `${goldenCopy([{ lei: lei(40), name: "Fine AG" }]).slice(0, -30)}<lei:Oops>`);
    await expect(importGleifFile(platform.database.db, file)).rejects.toThrow(/not well-formed/);
  });

  it("attaches ISINs from the LEI-ISIN relationship file", async () => {
    const file = join(dir, "isin.csv");
    const isin = withIsinCheckDigit("DE000GLEIF1");
    writeFileSync(
      file,
      `LEI,ISIN\n${lei(1)},${isin}\n "${lei(1)}" ,"${isin}",extra\n${lei(999)},${withIsinCheckDigit("DE000GLEIF2")}\nnot,a-line\n`,
    );
    const summary = await importIsinLeiFile(platform.database.db, file);
    expect(summary).toMatchObject({ pairs: 3, attached: 1, unknownLei: 1, malformed: 1 });
    const id = await findCompanyIdByIdentifier(platform.database.db, "Isin", isin);
    expect(id).toBe(await findCompanyIdByIdentifier(platform.database.db, "Lei", lei(1)));
    expect((await searchCompanies(platform.database.db, { searchString: isin }))[0]?.companyId).toBe(id);
    const again = await importIsinLeiFile(platform.database.db, file);
    expect(again).toMatchObject({ attached: 0, alreadyThere: 1 });
  });
});
