import type { ModuleContext } from "../../platform/module";
import { DEMO_COMPANY_ID, DEMO_COMPANY_LEI, DEMO_COMPANY_NAME } from "./demo-ids";
import { seededRandom, stableUuid, withIsinCheckDigit, withLeiCheckDigits } from "./identifiers";
import { foldForSearch } from "./normalize";
import { createProxy } from "./proxies";
import { selectProxiesOf } from "./proxies-store";
import type { CompanyInformation } from "./schemas";
import { createCompanyWithId } from "./service";

const COUNTRIES: { code: string; cities: [string, string][]; forms: string[] }[] = [
  {
    code: "DE",
    cities: [
      ["Berlin", "10115"],
      ["München", "80331"],
      ["Köln", "50667"],
      ["Düsseldorf", "40213"],
    ],
    forms: ["AG", "GmbH", "SE", "KGaA"],
  },
  {
    code: "FR",
    cities: [
      ["Paris", "75001"],
      ["Lyon", "69001"],
      ["Toulouse", "31000"],
    ],
    forms: ["SA", "SAS"],
  },
  {
    code: "NL",
    cities: [
      ["Amsterdam", "1012"],
      ["Rotterdam", "3011"],
      ["Utrecht", "3511"],
    ],
    forms: ["N.V.", "B.V."],
  },
  {
    code: "GB",
    cities: [
      ["London", "EC2V 7HH"],
      ["Manchester", "M1 1AE"],
      ["Edinburgh", "EH1 1YZ"],
    ],
    forms: ["plc", "Ltd"],
  },
  {
    code: "US",
    cities: [
      ["New York", "10004"],
      ["Chicago", "60601"],
      ["San Francisco", "94105"],
    ],
    forms: ["Inc.", "Corp.", "LLC"],
  },
  {
    code: "SE",
    cities: [
      ["Stockholm", "111 52"],
      ["Göteborg", "411 04"],
    ],
    forms: ["AB"],
  },
  {
    code: "ES",
    cities: [
      ["Madrid", "28001"],
      ["Barcelona", "08001"],
    ],
    forms: ["S.A.", "S.L."],
  },
  {
    code: "IT",
    cities: [
      ["Milano", "20121"],
      ["Torino", "10121"],
    ],
    forms: ["S.p.A.", "S.r.l."],
  },
  {
    code: "CH",
    cities: [
      ["Zürich", "8001"],
      ["Genève", "1201"],
    ],
    forms: ["AG", "SA"],
  },
  {
    code: "AT",
    cities: [
      ["Wien", "1010"],
      ["Graz", "8010"],
    ],
    forms: ["AG", "GmbH"],
  },
  {
    code: "DK",
    cities: [
      ["København", "1050"],
      ["Aarhus", "8000"],
    ],
    forms: ["A/S"],
  },
  {
    code: "JP",
    cities: [
      ["Tokyo", "100-0005"],
      ["Osaka", "530-0001"],
    ],
    forms: ["K.K."],
  },
];

const SECTORS: { sector: string; wz: string; words: string[] }[] = [
  { sector: "Energy", wz: "35.11.0", words: ["Energie", "Power", "Solar", "Wind", "Grid"] },
  { sector: "Utilities", wz: "36.00.0", words: ["Wasser", "Utilities", "Versorgung", "Networks"] },
  { sector: "Financials", wz: "64.19.0", words: ["Bank", "Capital", "Finanz", "Invest", "Assurance"] },
  { sector: "Industrials", wz: "28.99.0", words: ["Maschinenbau", "Industries", "Engineering", "Werke"] },
  { sector: "Information Technology", wz: "62.01.0", words: ["Software", "Systems", "Digital", "Data"] },
  { sector: "Materials", wz: "20.14.0", words: ["Chemie", "Materials", "Steel", "Papier"] },
  { sector: "Consumer Goods", wz: "10.89.0", words: ["Foods", "Brands", "Textil", "Home"] },
  { sector: "Health Care", wz: "21.20.0", words: ["Pharma", "Health", "Medical", "Bio"] },
  { sector: "Real Estate", wz: "68.20.0", words: ["Immobilien", "Properties", "Estates"] },
  { sector: "Transportation", wz: "49.41.0", words: ["Logistik", "Transport", "Shipping", "Rail"] },
];

/** The English word for a German sector word, for companies outside the German-speaking countries. */
const IN_ENGLISH: Record<string, string> = {
  Energie: "Energy",
  Wasser: "Water",
  Versorgung: "Utilities",
  Finanz: "Finance",
  Maschinenbau: "Machinery",
  Werke: "Works",
  Chemie: "Chemicals",
  Papier: "Paper",
  Textil: "Textiles",
  Immobilien: "Real Estate",
  Logistik: "Logistics",
};
const GERMAN_SPEAKING = new Set(["DE", "AT", "CH"]);

/** A name's sector word in the language its legal form goes with ("Wasser" only beside "GmbH", "AG"). */
function sectorWord(word: string, countryCode: string): string {
  return GERMAN_SPEAKING.has(countryCode) ? word : (IN_ENGLISH[word] ?? word);
}

const STEMS = [
  "Aurel",
  "Borealis",
  "Cedra",
  "Delta",
  "Elbtal",
  "Fjord",
  "Granit",
  "Helvet",
  "Iberia",
  "Jura",
  "Kestrel",
  "Lumen",
  "Meridian",
  "Nordlicht",
  "Orion",
  "Polaris",
  "Quarz",
  "Rheinau",
  "Sabre",
  "Tauern",
  "Ulmen",
  "Vesta",
  "Westhafen",
  "Xylo",
  "Yarrow",
  "Zephyr",
  "Alster",
  "Brisk",
  "Corvid",
  "Dolomit",
  "Eichen",
  "Falken",
  "Gaia",
  "Hanse",
  "Isar",
  "Kobalt",
  "Lindwurm",
  "Mistral",
  "Nereus",
  "Obsidian",
];

export const DEMO_COMPANY_COUNT = 200;
const PARENT_COUNT = 12;
const TEASER_INDEXES = new Set([0, 7, 42]);

/** The made-up demo companies: the same 200 companies, with the same ids, every time. */
export function demoCompanies(): { companyId: string; information: CompanyInformation }[] {
  const random = seededRandom(20_240_917);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const companies: { companyId: string; information: CompanyInformation }[] = [];
  const usedNames = new Set<string>();
  const leis: string[] = [];
  for (let index = 0; index < DEMO_COMPANY_COUNT; index++) {
    const country = index === 0 ? (COUNTRIES[0] as (typeof COUNTRIES)[number]) : pick(COUNTRIES);
    const sector = index === 0 ? (SECTORS[0] as (typeof SECTORS)[number]) : pick(SECTORS);
    const [city, postalCode] = pick(country.cities);
    const pickedForm = pick(country.forms);
    // The demo company's fixed name ends with its form; the pick still happens so the others stay as they were.
    const form = index === 0 ? (DEMO_COMPANY_NAME.split(" ").at(-1) as string) : pickedForm;
    const word = () => sectorWord(pick(sector.words), country.code);
    let name = index === 0 ? DEMO_COMPANY_NAME : `${pick(STEMS)} ${word()} ${form}`;
    while (usedNames.has(name)) name = `${pick(STEMS)} ${pick(STEMS)} ${word()} ${form}`;
    usedNames.add(name);
    const lei =
      index === 0 ? DEMO_COMPANY_LEI : withLeiCheckDigits(`529900OVDEMO${String(index).padStart(6, "0")}`);
    leis.push(lei);
    const identifiers: Record<string, string[]> = { Lei: [lei] };
    if (index % 5 < 2)
      identifiers.Isin = [withIsinCheckDigit(`${country.code}OV${String(index).padStart(7, "0")}`)];
    if (index % 7 === 0) identifiers.PermId = [String(4_295_000_000 + index)];
    const slug = foldForSearch(name)
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 30)
      .replace(/^-|-$/g, "");
    const parentIndex = index >= PARENT_COUNT && index % 6 === 0 ? index % PARENT_COUNT : undefined;
    companies.push({
      companyId: index === 0 ? DEMO_COMPANY_ID : stableUuid(`demo-company-${index}`),
      information: {
        companyName: name,
        companyAlternativeNames: index % 4 === 0 ? [name.split(" ").slice(0, 2).join(" ")] : [],
        companyContactDetails: [`info@${slug}.example`],
        companyLegalForm: form,
        headquarters: city,
        headquartersPostalCode: postalCode,
        fiscalYearEnd: index % 3 === 0 ? "31-Mar" : "31-Dec",
        reportingPeriodShift: index % 3 === 0 ? -1 : 0,
        sector: sector.sector,
        sectorCodeWz: sector.wz,
        identifiers,
        countryCode: country.code,
        isTeaserCompany: TEASER_INDEXES.has(index),
        website: `https://www.${slug}.example`,
        parentCompanyLei: parentIndex === undefined ? null : (leis[parentIndex] ?? null),
        associatedSubdomains: [slug.split("-")[0] ?? slug],
      },
    });
  }
  return companies;
}

/** Adds the demo companies that are missing; companies already there are left as they are. */
export async function seedDemoCompanies(context: ModuleContext): Promise<number> {
  let added = 0;
  for (const { companyId, information } of demoCompanies()) {
    if (await createCompanyWithId(context.database.db, companyId, information)) added++;
  }
  return added;
}

/** The demo subsidiary without data of its own whose data the demo company's reports stand in for. */
export const DEMO_PROXIED_COMPANY_INDEX = 24;

/** Records that the demo company reports for one of its subsidiaries, for all frameworks and periods. */
export async function seedDemoProxy(context: ModuleContext): Promise<boolean> {
  const { db } = context.database;
  const subsidiary = demoCompanies()[DEMO_PROXIED_COMPANY_INDEX];
  if (!subsidiary || (await selectProxiesOf(db, subsidiary.companyId)).length > 0) return false;
  await createProxy(
    db,
    { kind: "operator", name: "demo seed" },
    { proxiedCompanyId: subsidiary.companyId, proxyCompanyId: DEMO_COMPANY_ID },
  );
  return true;
}
