/**
 * A made-up company register that looks like the real one: names from word lists with legal forms
 * per country, alternative names, accents, very common words ("Bank", "Holding", "GmbH"), cities,
 * sectors, LEIs with valid check digits and ISINs for listed companies. Company i is always the same
 * company, so the query mix can be drawn from the register without keeping it in memory.
 */

import {
  seededRandom,
  withIsinCheckDigit,
  withLeiCheckDigits,
} from "../../apps/server/src/modules/companies/identifiers";
import type { ImportRecord } from "../../apps/server/src/modules/companies/import-store";

const FIRST = [
  "Al",
  "Ber",
  "Cor",
  "Dan",
  "El",
  "Fal",
  "Gor",
  "Hel",
  "Ing",
  "Jor",
  "Kal",
  "Lin",
  "Mar",
  "Nor",
  "Ol",
  "Per",
  "Quin",
  "Ros",
  "Sol",
  "Tor",
  "Ul",
  "Val",
  "Wes",
  "Xan",
  "Yor",
  "Zel",
  "Am",
  "Bel",
  "Cas",
  "Dor",
  "Ever",
  "Fen",
  "Gal",
  "Har",
  "Is",
  "Jas",
  "Kor",
  "Lum",
  "Mer",
  "Nis",
  "Or",
  "Pal",
  "Rhe",
  "Sar",
  "Tal",
  "Ur",
  "Ver",
  "Wil",
  "Bjør",
  "Mü",
  "Sé",
  "Kö",
  "Żu",
  "Ñu",
  "Åk",
  "Gü",
  "Lø",
  "Dú",
];
const SECOND = [
  "ana",
  "bert",
  "cor",
  "den",
  "ex",
  "ford",
  "gard",
  "heim",
  "is",
  "kon",
  "lund",
  "mont",
  "nova",
  "ora",
  "pont",
  "quist",
  "rath",
  "sen",
  "tec",
  "ulm",
  "vik",
  "wald",
  "ton",
  "berg",
  "stein",
  "mann",
  "dal",
  "ville",
  "field",
  "bridge",
  "haven",
  "mark",
  "land",
  "ström",
  "ller",
  "gaard",
  "lin",
  "ric",
  "via",
  "tis",
];
const SURNAMES = [
  "Müller",
  "Schmidt",
  "Schneider",
  "Fischer",
  "Weber",
  "Meyer",
  "Wagner",
  "Becker",
  "Hoffmann",
  "Schäfer",
  "Dubois",
  "Martin",
  "Bernard",
  "Lefèvre",
  "Moreau",
  "García",
  "Fernández",
  "López",
  "Rossi",
  "Russo",
  "Bianchi",
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Andersson",
  "Johansson",
  "Nielsen",
  "Jensen",
  "Kowalski",
  "Nowak",
  "Novák",
  "Horváth",
  "Jansen",
  "de Vries",
  "Van Dijk",
  "Peeters",
  "Janssens",
  "Silva",
];
const INDUSTRY: { sector: string; words: string[] }[] = [
  {
    sector: "Financials",
    words: [
      "Bank",
      "Capital",
      "Invest",
      "Finance",
      "Finanz",
      "Assurance",
      "Versicherung",
      "Asset Management",
      "Leasing",
      "Kapitalverwaltung",
    ],
  },
  {
    sector: "Energy",
    words: ["Energie", "Energy", "Power", "Solar", "Wind", "Oil", "Gas", "Renewables", "Stadtwerke"],
  },
  {
    sector: "Industrials",
    words: [
      "Maschinenbau",
      "Engineering",
      "Industries",
      "Werke",
      "Technik",
      "Bau",
      "Construction",
      "Automation",
    ],
  },
  {
    sector: "Information Technology",
    words: ["Software", "Systems", "Digital", "Data", "Technologies", "Informatik", "Solutions", "Networks"],
  },
  {
    sector: "Materials",
    words: ["Chemie", "Chemicals", "Materials", "Steel", "Stahl", "Papier", "Kunststoff", "Mining"],
  },
  {
    sector: "Consumer Goods",
    words: ["Foods", "Brands", "Textil", "Moda", "Home", "Brauerei", "Retail", "Handel"],
  },
  { sector: "Health Care", words: ["Pharma", "Health", "Medical", "Bio", "Klinik", "Diagnostics", "Care"] },
  {
    sector: "Real Estate",
    words: ["Immobilien", "Properties", "Real Estate", "Wohnbau", "Estates", "Grundbesitz"],
  },
  {
    sector: "Transportation",
    words: ["Logistik", "Logistics", "Transport", "Shipping", "Rail", "Spedition", "Airlines"],
  },
  { sector: "Utilities", words: ["Wasser", "Utilities", "Versorgung", "Water", "Abfall", "Recycling"] },
];
const COUNTRIES: { code: string; weight: number; forms: string[]; cities: [string, string][] }[] = [
  {
    code: "DE",
    weight: 20,
    forms: ["GmbH", "GmbH", "GmbH & Co. KG", "AG", "SE", "KG", "e.K."],
    cities: [
      ["Berlin", "10115"],
      ["München", "80331"],
      ["Köln", "50667"],
      ["Hamburg", "20095"],
      ["Frankfurt am Main", "60311"],
      ["Düsseldorf", "40213"],
      ["Stuttgart", "70173"],
      ["Nürnberg", "90402"],
    ],
  },
  {
    code: "US",
    weight: 18,
    forms: ["Inc.", "LLC", "Corp.", "LP", "Holdings, Inc."],
    cities: [
      ["New York", "10004"],
      ["Chicago", "60601"],
      ["Wilmington", "19801"],
      ["San Francisco", "94105"],
      ["Houston", "77002"],
    ],
  },
  {
    code: "GB",
    weight: 10,
    forms: ["Ltd", "Limited", "plc", "LLP"],
    cities: [
      ["London", "EC2V 7HH"],
      ["Manchester", "M1 1AE"],
      ["Edinburgh", "EH1 1YZ"],
      ["Birmingham", "B1 1BB"],
    ],
  },
  {
    code: "FR",
    weight: 9,
    forms: ["SAS", "SA", "SARL", "SCI"],
    cities: [
      ["Paris", "75001"],
      ["Lyon", "69001"],
      ["Marseille", "13001"],
      ["Toulouse", "31000"],
    ],
  },
  {
    code: "NL",
    weight: 6,
    forms: ["B.V.", "N.V."],
    cities: [
      ["Amsterdam", "1012"],
      ["Rotterdam", "3011"],
      ["Utrecht", "3511"],
    ],
  },
  {
    code: "IT",
    weight: 7,
    forms: ["S.r.l.", "S.p.A."],
    cities: [
      ["Milano", "20121"],
      ["Roma", "00118"],
      ["Torino", "10121"],
    ],
  },
  {
    code: "ES",
    weight: 6,
    forms: ["S.L.", "S.A."],
    cities: [
      ["Madrid", "28001"],
      ["Barcelona", "08001"],
      ["Valencia", "46001"],
    ],
  },
  {
    code: "SE",
    weight: 4,
    forms: ["AB"],
    cities: [
      ["Stockholm", "111 52"],
      ["Göteborg", "411 04"],
      ["Malmö", "211 22"],
    ],
  },
  {
    code: "CH",
    weight: 4,
    forms: ["AG", "SA", "GmbH"],
    cities: [
      ["Zürich", "8001"],
      ["Genève", "1201"],
      ["Basel", "4001"],
    ],
  },
  { code: "LU", weight: 5, forms: ["S.A.", "S.à r.l.", "SICAV"], cities: [["Luxembourg", "1111"]] },
  {
    code: "AT",
    weight: 3,
    forms: ["GmbH", "AG"],
    cities: [
      ["Wien", "1010"],
      ["Graz", "8010"],
      ["Linz", "4020"],
    ],
  },
  {
    code: "DK",
    weight: 2,
    forms: ["A/S", "ApS"],
    cities: [
      ["København", "1050"],
      ["Aarhus", "8000"],
    ],
  },
  {
    code: "PL",
    weight: 3,
    forms: ["Sp. z o.o.", "S.A."],
    cities: [
      ["Warszawa", "00-001"],
      ["Kraków", "30-001"],
      ["Łódź", "90-001"],
    ],
  },
  {
    code: "JP",
    weight: 3,
    forms: ["K.K.", "Co., Ltd."],
    cities: [
      ["Tokyo", "100-0005"],
      ["Osaka", "530-0001"],
    ],
  },
];
const TOTAL_WEIGHT = COUNTRIES.reduce((sum, country) => sum + country.weight, 0);
const LOUS = ["5299", "3912", "8156", "9845", "2138", "5493", "7245", "8945"];

export interface GeneratedCompany extends ImportRecord {
  isin: string | null;
  /** Words that make the name, for the query mix. */
  words: string[];
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
/** Skewed towards the start of the list, as real word frequencies are. */
const pickSkewed = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * random() * items.length)] as T;

function stem(random: () => number): string {
  return random() < 0.25 ? pickSkewed(random, SURNAMES) : `${pick(random, FIRST)}${pick(random, SECOND)}`;
}

function alphanumeric(random: () => number, length: number): string {
  const characters = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let text = "";
  for (let index = 0; index < length; index++) text += characters[Math.floor(random() * 36)];
  return text;
}

/** Company number i of the register. */
export function companyAt(index: number): GeneratedCompany {
  const random = seededRandom(index * 2_654_435_761 + 17);
  let weight = random() * TOTAL_WEIGHT;
  let country = COUNTRIES[0] as (typeof COUNTRIES)[number];
  for (const candidate of COUNTRIES) {
    weight -= candidate.weight;
    if (weight <= 0) {
      country = candidate;
      break;
    }
  }
  const industry = pickSkewed(random, INDUSTRY);
  const form = pick(random, country.forms);
  const [city, postalCode] = pick(random, country.cities);
  const first = stem(random);
  const word = pickSkewed(random, industry.words);
  const shape = random();
  let core: string;
  if (shape < 0.35) core = `${first} ${word}`;
  else if (shape < 0.5) core = `${first} ${stem(random)} ${word}`;
  else if (shape < 0.6) core = `${first} & ${stem(random)}`;
  else if (shape < 0.7) core = `${first} Holding`;
  else if (shape < 0.78) core = `${word} ${city}`;
  else if (shape < 0.84) core = `${first} ${word} Group`;
  else if (shape < 0.88) core = `${first}`;
  else
    core = `${first} ${word} ${pick(random, ["International", "Europe", "Services", "Partners", "Beteiligungs"])}`;
  // A serial number keeps names mostly distinct, as in the real register (Fonds I, II, ... 1234).
  const serial = random() < 0.3 ? ` ${1 + Math.floor(random() * 999)}` : "";
  const companyName = `${core}${serial} ${form}`;
  const alternativeNames = random() < 0.25 ? [`${core}${serial}`.toUpperCase()] : [];
  const lei = withLeiCheckDigits(`${pick(random, LOUS)}00${alphanumeric(random, 12)}`);
  const isin = random() < 0.25 ? withIsinCheckDigit(`${country.code}${alphanumeric(random, 9)}`) : null;
  return {
    lei,
    companyName,
    alternativeNames,
    headquarters: city,
    headquartersPostalCode: postalCode,
    countryCode: country.code,
    legalForm: form,
    sector: industry.sector,
    isin,
    words: core.split(" ").filter((part) => part.length >= 3),
  };
}

export async function* generateRegister(count: number): AsyncGenerator<GeneratedCompany> {
  for (let index = 0; index < count; index++) yield companyAt(index);
}

export type QueryKind = "prefix" | "word" | "name" | "lei" | "isin" | "common";

/** The mixed query set: name beginnings of 3 to 8 letters, single words, whole names, LEIs, ISINs and very common words. */
export function queryMix(
  registerSize: number,
  count: number,
  seed = 4242,
  companyOf: (index: number) => GeneratedCompany = companyAt,
): { kind: QueryKind; text: string }[] {
  const random = seededRandom(seed);
  const common = ["bank", "holding", "gmbh", "group", "capital", "energie", "services", "limited", "invest"];
  const queries: { kind: QueryKind; text: string }[] = [];
  while (queries.length < count) {
    const roll = random();
    let company = companyOf(Math.floor(random() * registerSize));
    if (roll < 0.3) {
      const length = 3 + Math.floor(random() * 6);
      queries.push({ kind: "prefix", text: company.companyName.slice(0, length).trim() });
    } else if (roll < 0.5) {
      queries.push({ kind: "word", text: pick(random, company.words.length > 0 ? company.words : ["Bank"]) });
    } else if (roll < 0.65) {
      queries.push({ kind: "name", text: company.companyName });
    } else if (roll < 0.77) {
      queries.push({ kind: "lei", text: company.lei });
    } else if (roll < 0.87) {
      for (let tries = 0; tries < 50 && !company.isin; tries++)
        company = companyOf(Math.floor(random() * registerSize));
      queries.push({ kind: "isin", text: company.isin ?? company.lei });
    } else {
      queries.push({ kind: "common", text: pick(random, common) });
    }
  }
  return queries.filter((query) => query.text.trim().length >= 3);
}
