/**
 * A made-up GLEIF golden copy in the formats GLEIF publishes, for the import benchmark:
 * - the LEI-CDF 3.1 XML file: one `lei:LEIRecord` per company with everything a real record carries
 *   (legal and headquarters addresses with address lines, registration authority, jurisdiction,
 *   category, legal form, status, creation date, successor or associated entities now and then, the
 *   registration block with its managing LOU and validation, and GLEIF's geocoding extension), about
 *   about 3 KB a record as in the real file, so the parser reads as many bytes per record as it would there;
 * - the LEI-ISIN relationship file (CSV, `LEI,ISIN`): about 2 ISINs per LEI of the register on
 *   average, most companies without any and a few issuers (banks, fund managers) with hundreds, as in
 *   GLEIF's own file, plus a share of LEIs the register does not hold.
 * Company i is the companies-search bench's company i (`companyAt`), so both benches measure the same
 * register: names and word frequencies, countries, cities, LEIs with valid check digits.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { seededRandom, withIsinCheckDigit } from "../../apps/server/src/modules/companies/identifiers";
import { companyAt, type GeneratedCompany } from "../companies-search/generate";

const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const STREETS = ["Hauptstraße", "Main Street", "Rue de la Paix", "Kungsgatan", "Via Roma", "Calle Mayor"];
const CATEGORIES = ["GENERAL", "GENERAL", "GENERAL", "FUND", "BRANCH", "SOLE_PROPRIETOR"];
const LEGAL_FORM_CODES = ["2HBR", "6QQB", "8888", "XTIQ", "H0PO", "5WWO", "ZQO8", "T0YJ"];
const AUTHORITIES = ["RA000548", "RA000665", "RA000192", "RA000585", "RA000407", "RA000017"];
const STATUSES = ["ISSUED", "ISSUED", "ISSUED", "ISSUED", "LAPSED", "RETIRED"];

function date(random: () => number, from: number, to: number): string {
  const year = from + Math.floor(random() * (to - from + 1));
  const month = String(1 + Math.floor(random() * 12)).padStart(2, "0");
  const day = String(1 + Math.floor(random() * 28)).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

function address(tag: string, company: GeneratedCompany, random: () => number, indent: string): string {
  const number = 1 + Math.floor(random() * 250);
  const street = STREETS[Math.floor(random() * STREETS.length)] as string;
  const extra =
    random() < 0.3
      ? `\n${indent}    <lei:AdditionalAddressLine>Floor ${1 + Math.floor(random() * 30)}</lei:AdditionalAddressLine>`
      : "";
  return `${indent}<lei:${tag} xml:lang="en">
${indent}    <lei:FirstAddressLine>${escapeXml(`${street} ${number}`)}</lei:FirstAddressLine>${extra}
${indent}    <lei:City>${escapeXml(company.headquarters)}</lei:City>
${indent}    <lei:Region>${company.countryCode}-${String(1 + Math.floor(random() * 16)).padStart(2, "0")}</lei:Region>
${indent}    <lei:Country>${company.countryCode}</lei:Country>
${indent}    <lei:PostalCode>${escapeXml(company.headquartersPostalCode ?? "")}</lei:PostalCode>
${indent}</lei:${tag}>`;
}

function geocoding(company: GeneratedCompany, random: () => number, addressType: string): string {
  const lat = (35 + random() * 25).toFixed(7);
  const lng = (-10 + random() * 40).toFixed(7);
  return `                <gleif:Geocoding>
                    <gleif:original_address>${escapeXml(`${company.headquarters}, ${company.headquartersPostalCode ?? ""}, ${company.countryCode}`)}</gleif:original_address>
                    <gleif:relevance>${(0.5 + random() / 2).toFixed(2)}</gleif:relevance>
                    <gleif:match_type>pointAddress</gleif:match_type>
                    <gleif:lat>${lat}</gleif:lat>
                    <gleif:lng>${lng}</gleif:lng>
                    <gleif:geocoding_date>${date(random, 2023, 2025)}T00:00:00</gleif:geocoding_date>
                    <gleif:match_level>houseNumber</gleif:match_level>
                    <gleif:mapped_address_type>${addressType}</gleif:mapped_address_type>
                </gleif:Geocoding>`;
}

/** One LEI record of the golden copy, in the layout of GLEIF's own file. */
export function leiRecord(index: number): string {
  const company = companyAt(index);
  const random = seededRandom(index * 40_503 + 11);
  const otherNames = company.alternativeNames
    .map(
      (name) =>
        `\n                    <lei:OtherEntityName xml:lang="en" type="TRADING_OR_OPERATING_NAME">${escapeXml(name)}</lei:OtherEntityName>`,
    )
    .join("");
  const other = otherNames
    ? `\n                <lei:OtherEntityNames>${otherNames}\n                </lei:OtherEntityNames>`
    : "";
  const associated =
    random() < 0.1
      ? `\n                <lei:AssociatedEntity type="FUND_FAMILY">\n                    <lei:AssociatedLEI>${companyAt((index + 7) * 3).lei}</lei:AssociatedLEI>\n                </lei:AssociatedEntity>`
      : "";
  const created = date(random, 1950, 2024);
  const registered = date(random, 2012, 2024);
  return `        <lei:LEIRecord>
            <lei:LEI>${company.lei}</lei:LEI>
            <lei:Entity>
                <lei:LegalName xml:lang="en">${escapeXml(company.companyName)}</lei:LegalName>${other}
${address("LegalAddress", company, random, "                ")}
${address("HeadquartersAddress", company, random, "                ")}
                <lei:RegistrationAuthority>
                    <lei:RegistrationAuthorityID>${AUTHORITIES[Math.floor(random() * AUTHORITIES.length)]}</lei:RegistrationAuthorityID>
                    <lei:RegistrationAuthorityEntityID>HRB ${100_000 + Math.floor(random() * 800_000)}</lei:RegistrationAuthorityEntityID>
                </lei:RegistrationAuthority>
                <lei:LegalJurisdiction>${company.countryCode}</lei:LegalJurisdiction>
                <lei:EntityCategory>${CATEGORIES[Math.floor(random() * CATEGORIES.length)]}</lei:EntityCategory>
                <lei:LegalForm>
                    <lei:EntityLegalFormCode>${LEGAL_FORM_CODES[Math.floor(random() * LEGAL_FORM_CODES.length)]}</lei:EntityLegalFormCode>
                </lei:LegalForm>${associated}
                <lei:EntityStatus>ACTIVE</lei:EntityStatus>
                <lei:EntityCreationDate>${created}T00:00:00Z</lei:EntityCreationDate>
            </lei:Entity>
            <lei:Registration>
                <lei:InitialRegistrationDate>${registered}T08:00:00Z</lei:InitialRegistrationDate>
                <lei:LastUpdateDate>${date(random, 2024, 2025)}T10:15:00Z</lei:LastUpdateDate>
                <lei:RegistrationStatus>${STATUSES[Math.floor(random() * STATUSES.length)]}</lei:RegistrationStatus>
                <lei:NextRenewalDate>${date(random, 2025, 2026)}T08:00:00Z</lei:NextRenewalDate>
                <lei:ManagingLOU>${company.lei.slice(0, 4)}00${company.lei.slice(4, 18)}</lei:ManagingLOU>
                <lei:ValidationSources>FULLY_CORROBORATED</lei:ValidationSources>
                <lei:ValidationAuthority>
                    <lei:ValidationAuthorityID>${AUTHORITIES[Math.floor(random() * AUTHORITIES.length)]}</lei:ValidationAuthorityID>
                    <lei:ValidationAuthorityEntityID>HRB ${100_000 + Math.floor(random() * 800_000)}</lei:ValidationAuthorityEntityID>
                </lei:ValidationAuthority>
            </lei:Registration>
            <lei:Extension>
${geocoding(company, random, "HeadquartersAddress")}
            </lei:Extension>
        </lei:LEIRecord>
`;
}

/** The ISINs of company i: its own listing, and for a few issuers a long tail of bonds and fund units. */
export function isinsAt(index: number, company: GeneratedCompany = companyAt(index)): string[] {
  const random = seededRandom(index * 69_069 + 5);
  const isins = company.isin ? [company.isin] : [];
  if (random() < 0.08) {
    // Pareto-like: most issuers a handful, a few several hundred (capped as the largest real ones are not).
    const extra = Math.min(800, Math.floor(3 / random() ** 0.9));
    for (let n = 0; n < extra; n++) {
      let body = company.countryCode;
      for (let k = 0; k < 9; k++) body += "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[Math.floor(random() * 36)];
      isins.push(withIsinCheckDigit(body));
    }
  }
  return isins;
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
}

async function close(stream: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/** Writes both files; returns how many ISIN pairs the CSV holds. */
export async function writeGoldenCopy(records: number, xmlFile: string, isinFile: string): Promise<number> {
  const xml = createWriteStream(xmlFile, { highWaterMark: 1 << 20 });
  await write(
    xml,
    `<?xml version="1.0" encoding="UTF-8"?>
<lei:LEIData xmlns:lei="http://www.gleif.org/data/schema/leidata/2016" xmlns:gleif="http://www.gleif.org/data/schema/golden-copy/extensions/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
    <lei:LEIHeader>
        <lei:ContentDate>2026-11-26T08:00:00Z</lei:ContentDate>
        <lei:FileContent>GLEIF_FULL_PUBLISHED</lei:FileContent>
        <lei:RecordCount>${records}</lei:RecordCount>
    </lei:LEIHeader>
    <lei:LEIRecords>
`,
  );
  const csv = createWriteStream(isinFile, { highWaterMark: 1 << 20 });
  await write(csv, "LEI,ISIN\n");
  let pairs = 0;
  let xmlChunk = "";
  let csvChunk = "";
  for (let index = 0; index < records; index++) {
    xmlChunk += leiRecord(index);
    const company = companyAt(index);
    for (const isin of isinsAt(index, company)) {
      csvChunk += `${company.lei},${isin}\n`;
      pairs++;
    }
    // One in a hundred issuers is not in this register (GLEIF's file covers every LEI).
    if (index % 100 === 99) {
      csvChunk += `${companyAt(records + index).lei},${withIsinCheckDigit(`XS${String(index).padStart(9, "0")}`)}\n`;
      pairs++;
    }
    if (xmlChunk.length > 1 << 20) {
      await write(xml, xmlChunk);
      await write(csv, csvChunk);
      xmlChunk = "";
      csvChunk = "";
    }
  }
  await write(xml, `${xmlChunk}    </lei:LEIRecords>\n</lei:LEIData>\n`);
  await write(csv, csvChunk);
  await Promise.all([close(xml), close(csv)]);
  return pairs;
}
