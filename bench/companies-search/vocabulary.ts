/**
 * What both made-up registers (generate.ts, the classic one, and world.ts) make their companies of:
 * syllables of made-up names, surnames, countries with their legal forms and cities, LEI prefixes,
 * and the ways of drawing from these lists. A register decides how often it uses each (country
 * weights, name shapes); the words themselves are defined here once.
 *
 * Every draw takes exactly one number from the random source whatever the list's length, so a
 * register's later draws do not depend on which word an earlier one picked.
 */

import { withIsinCheckDigit, withLeiCheckDigits } from "../../apps/server/src/modules/companies/identifiers";

/** Beginnings, joints and endings of made-up words ("Kal" + "en" + "berg"). */
export const WORD_BEGINNINGS = [
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
  "Fen",
  "Gal",
  "Har",
  "Jas",
  "Kor",
  "Lum",
  "Mer",
  "Nis",
  "Pal",
  "Rhe",
  "Sar",
  "Tal",
  "Ver",
  "Wil",
  "Bjør",
  "Mü",
  "Sé",
  "Kö",
  "Żu",
  "Åk",
  "Gü",
];
export const WORD_JOINTS = [
  "a",
  "e",
  "i",
  "o",
  "u",
  "an",
  "en",
  "in",
  "on",
  "ar",
  "er",
  "ol",
  "ul",
  "is",
  "us",
];
export const WORD_ENDINGS = [
  "bert",
  "cor",
  "den",
  "ford",
  "gard",
  "heim",
  "kon",
  "lund",
  "mont",
  "nova",
  "pont",
  "quist",
  "rath",
  "sen",
  "tec",
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
  "gaard",
  "lin",
  "ric",
  "via",
  "tis",
  "dorf",
  "burg",
];
/** Surnames of founders, most common first (the registers draw them skewed towards the start). */
export const SURNAMES = [
  "Müller",
  "Schmidt",
  "Schneider",
  "Fischer",
  "Weber",
  "Meyer",
  "Dubois",
  "Martin",
  "Bernard",
  "Lefèvre",
  "García",
  "Fernández",
  "Rossi",
  "Bianchi",
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Andersson",
  "Nielsen",
  "Kowalski",
  "Nowak",
  "Novák",
  "Horváth",
  "Jansen",
  "Peeters",
  "Silva",
];

export interface Country {
  code: string;
  /** Legal forms; one used more often than the others is listed more than once. */
  forms: readonly string[];
  cities: readonly (readonly [city: string, postalCode: string])[];
}

export const COUNTRIES = [
  {
    code: "DE",
    forms: ["GmbH", "GmbH", "GmbH", "GmbH & Co. KG", "AG", "SE", "KG"],
    cities: [
      ["Berlin", "10115"],
      ["München", "80331"],
      ["Köln", "50667"],
      ["Hamburg", "20095"],
      ["Frankfurt am Main", "60311"],
    ],
  },
  {
    code: "US",
    forms: ["Inc.", "LLC", "LLC", "Corp.", "LP", "Holdings, Inc."],
    cities: [
      ["New York", "10004"],
      ["Wilmington", "19801"],
      ["Chicago", "60601"],
    ],
  },
  {
    code: "GB",
    forms: ["Limited", "Limited", "Ltd", "plc", "LLP"],
    cities: [
      ["London", "EC2V 7HH"],
      ["Manchester", "M1 1AE"],
    ],
  },
  {
    code: "FR",
    forms: ["SAS", "SA", "SARL", "SCI"],
    cities: [
      ["Paris", "75001"],
      ["Lyon", "69001"],
    ],
  },
  { code: "LU", forms: ["S.A.", "S.à r.l.", "SICAV", "SCSp"], cities: [["Luxembourg", "1111"]] },
  {
    code: "NL",
    forms: ["B.V.", "B.V.", "N.V."],
    cities: [
      ["Amsterdam", "1012"],
      ["Rotterdam", "3011"],
    ],
  },
  {
    code: "IT",
    forms: ["S.r.l.", "S.p.A."],
    cities: [
      ["Milano", "20121"],
      ["Roma", "00118"],
    ],
  },
  {
    code: "ES",
    forms: ["S.L.", "S.A."],
    cities: [
      ["Madrid", "28001"],
      ["Barcelona", "08001"],
    ],
  },
  { code: "SE", forms: ["AB"], cities: [["Stockholm", "111 52"]] },
  { code: "CH", forms: ["AG", "SA", "GmbH"], cities: [["Zürich", "8001"]] },
  { code: "DK", forms: ["A/S", "ApS"], cities: [["København", "1050"]] },
  { code: "PL", forms: ["Sp. z o.o.", "S.A."], cities: [["Warszawa", "00-001"]] },
  {
    code: "AT",
    forms: ["GmbH", "AG"],
    cities: [
      ["Wien", "1010"],
      ["Graz", "8010"],
    ],
  },
  {
    code: "JP",
    forms: ["K.K.", "Co., Ltd."],
    cities: [
      ["Tokyo", "100-0005"],
      ["Osaka", "530-0001"],
    ],
  },
] as const satisfies readonly Country[];

export type CountryCode = (typeof COUNTRIES)[number]["code"];

/**
 * Draws a country with the given weights (countries left out are never drawn), walking the table
 * in its order.
 */
export function countryDraw(
  weights: Partial<Record<CountryCode, number>>,
): (random: () => number) => Country {
  const weighted = COUNTRIES.flatMap((country) => {
    const weight = weights[country.code] ?? 0;
    return weight > 0 ? [{ country, weight }] : [];
  });
  const total = weighted.reduce((sum, entry) => sum + entry.weight, 0);
  return (random) => {
    let left = random() * total;
    for (const { country, weight } of weighted) {
      left -= weight;
      if (left <= 0) return country;
    }
    return (weighted[0] as (typeof weighted)[number]).country;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
/** Skewed towards the start of the list: rank r drawn with weight about log(n / r). */
export const pickSkewed = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * random() * items.length)] as T;
/** Zipf-like: rank r drawn with weight about 1/r. */
export const pickZipf = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.min(items.length - 1, Math.floor(items.length ** random()) - 1)] as T;

/** A made-up word of three syllables: 50 × 15 × 36 = 27,000 of them. */
export function madeUpWord(random: () => number): string {
  return `${pick(random, WORD_BEGINNINGS)}${pick(random, WORD_JOINTS)}${pick(random, WORD_ENDINGS)}`;
}

function alphanumeric(random: () => number, length: number): string {
  const characters = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let text = "";
  for (let index = 0; index < length; index++) text += characters[Math.floor(random() * 36)];
  return text;
}

/** An LEI from one of a few LOUs (the issuing organisations' prefixes), with valid check digits. */
export function randomLei(random: () => number): string {
  const lous = ["5299", "3912", "8156", "9845", "2138", "5493", "7245", "8945"];
  return withLeiCheckDigits(`${pick(random, lous)}00${alphanumeric(random, 12)}`);
}

/** An ISIN of the country for a quarter of the companies (the listed ones), null for the others. */
export function randomIsin(random: () => number, country: Country): string | null {
  return random() < 0.25 ? withIsinCheckDigit(`${country.code}${alphanumeric(random, 9)}`) : null;
}
