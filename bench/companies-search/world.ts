/**
 * A register whose word frequencies look like a real one (GLEIF's golden copy): a long tail of
 * distinctive words, a few words in a large share of all names (one in about 22 %, the most common
 * first word in about 15 %), legal forms and words such as Holding, Capital, Group, Fund, Bank and
 * Energy everywhere, names of 2 to 6 words, many companies sharing a first word. The classic
 * register of generate.ts spreads its words evenly and hid the cost of very common words.
 *
 * Company i is always the same company, so the query mix is drawn from the register without keeping
 * it in memory.
 */

import { seededRandom } from "../../apps/server/src/modules/companies/identifiers";
import { foldForSearch } from "../../apps/server/src/modules/companies/normalize";
import type { GeneratedCompany } from "./generate";
import { countryDraw, madeUpWord, pick, pickZipf, randomIsin, randomLei, SURNAMES } from "./vocabulary";

/** First words many companies share (fund families, regional names): the first in 15 % of all names. */
const COMMON_FIRST = [
  "Nord",
  "Alpha",
  "Global",
  "Euro",
  "First",
  "United",
  "General",
  "Green",
  "Atlas",
  "Nova",
  "Prime",
  "Delta",
  "Omega",
  "Summit",
  "Pacific",
  "Central",
  "Royal",
  "Blue",
  "Silver",
  "Golden",
];
const SECTOR_WORDS: { sector: string; words: string[] }[] = [
  { sector: "Financials", words: ["Invest", "Finance", "Asset Management", "Leasing", "Partners", "Trust"] },
  { sector: "Energy", words: ["Power", "Solar", "Wind", "Oil", "Gas", "Renewables", "Stadtwerke"] },
  { sector: "Industrials", words: ["Industries", "Engineering", "Maschinenbau", "Technik", "Bau", "Werke"] },
  { sector: "Information Technology", words: ["Software", "Systems", "Digital", "Data", "Technologies"] },
  { sector: "Materials", words: ["Chemicals", "Materials", "Steel", "Mining", "Papier"] },
  { sector: "Consumer Goods", words: ["Foods", "Brands", "Retail", "Handel", "Textil"] },
  { sector: "Health Care", words: ["Pharma", "Health", "Medical", "Bio", "Care"] },
  { sector: "Real Estate", words: ["Immobilien", "Properties", "Real Estate", "Estates"] },
  { sector: "Transportation", words: ["Logistics", "Transport", "Shipping", "Logistik"] },
  { sector: "Utilities", words: ["Utilities", "Water", "Versorgung", "Recycling"] },
];
/** Words found in names of every sector, with the share of names that carry them. */
const EVERYWHERE: [string, number][] = [
  ["Capital", 0.1],
  ["Fund", 0.07],
  ["Bank", 0.05],
  ["Energy", 0.05],
];
const GROUP_SHARE = 0.08;
const HOLDING_SHARE = 0.22;
/** Where the companies are registered, as in GLEIF's register (funds in Luxembourg): country weights. */
const drawCountry = countryDraw({
  DE: 20,
  US: 18,
  GB: 12,
  FR: 8,
  LU: 8,
  NL: 6,
  IT: 6,
  ES: 6,
  SE: 4,
  CH: 4,
  DK: 4,
  PL: 4,
});

/** A distinctive word of the long tail: 27,000 made-up words and a few surnames. */
function tailWord(random: () => number): string {
  return random() < 0.1 ? pickZipf(random, SURNAMES) : madeUpWord(random);
}

const wordCount = (text: string) => text.split(" ").length;

/** Company number i of the register. */
export function worldCompanyAt(index: number): GeneratedCompany {
  const random = seededRandom(index * 2_654_435_761 + 99);
  const country = drawCountry(random);
  const sector = pickZipf(random, SECTOR_WORDS);
  const form = random() < 0.92 ? pick(random, country.forms) : "";
  const [city, postalCode] = pick(random, country.cities);
  const firstRoll = random();
  const first =
    firstRoll < 0.15
      ? (COMMON_FIRST[0] as string)
      : firstRoll < 0.35
        ? pickZipf(random, COMMON_FIRST.slice(1))
        : tailWord(random);
  // Optional parts, most distinctive first; dropped from the end of this list when a name would
  // have more than six words.
  const optional: string[] = [];
  if (random() < 0.4) optional.push(tailWord(random));
  if (random() < 0.45) optional.push(pickZipf(random, sector.words));
  const everywhere = random();
  let threshold = 0;
  for (const [word, share] of EVERYWHERE) {
    threshold += share;
    if (everywhere < threshold) {
      optional.push(word);
      break;
    }
  }
  if (random() < GROUP_SHARE) optional.push("Group");
  const holding = random() < HOLDING_SHARE;
  const serial = random() < 0.2 ? String(1 + Math.floor(random() * 99)) : "";
  const fixed = [
    first,
    ...(holding ? ["Holding"] : []),
    ...(serial ? [serial] : []),
    ...(form ? [form] : []),
  ];
  while (optional.length > 0 && wordCount([...fixed, ...optional].join(" ")) > 6) optional.shift();
  const numbered = serial && wordCount([...fixed, ...optional].join(" ")) <= 6;
  const core = [first, ...optional, ...(holding ? ["Holding"] : []), ...(numbered ? [serial] : [])];
  if (core.length === 1 && !form) core.push(tailWord(random));
  const companyName = [...core, ...(form ? [form] : [])].join(" ");
  const alternativeNames = random() < 0.1 ? [core.join(" ").toUpperCase()] : [];
  const lei = randomLei(random);
  const isin = randomIsin(random, country);
  return {
    lei,
    companyName,
    alternativeNames,
    headquarters: city,
    headquartersPostalCode: postalCode,
    countryCode: country.code,
    legalForm: form || null,
    sector: sector.sector,
    isin,
    words: core.filter((part) => part.length >= 3),
  };
}

/** The words of a name as search folds them, each once. */
export function foldedWords(companyName: string): string[] {
  return [...new Set(foldForSearch(companyName).split(" ").filter(Boolean))];
}

/**
 * The share of names holding each word, most common first: the bench prints the top of it so that a
 * reader sees what the searches ran against.
 */
export function commonWords(
  companyAt: (index: number) => GeneratedCompany,
  count: number,
  top = 10,
): { word: string; share: number; firstWordShare: number }[] {
  const names = new Map<string, number>();
  const first = new Map<string, number>();
  for (let index = 0; index < count; index++) {
    const words = foldedWords(companyAt(index).companyName);
    for (const word of words) names.set(word, (names.get(word) ?? 0) + 1);
    const head = words[0];
    if (head) first.set(head, (first.get(head) ?? 0) + 1);
  }
  return [...names.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([word, n]) => ({ word, share: n / count, firstWordShare: (first.get(word) ?? 0) / count }));
}

export type WorldQueryKind =
  | "common"
  | "common3"
  | "two-word"
  | "two-word-start"
  | "name"
  | "lei"
  | "isin"
  | "start";

/** Kinds whose answer is known: the company asked for must be the first hit. */
export const HIT_KINDS: readonly string[] = ["name", "lei", "isin"];

export interface WorldQuery {
  kind: WorldQueryKind;
  text: string;
  /** For HIT_KINDS: the company meant (its folded name or LEI decides whether the first hit is it). */
  expected?: { foldedName: string; lei: string };
}

/**
 * What people type into the search of a real register: the most common words and their first
 * three letters ("holding", "hol"), two-word names ("nord capital"), the first word and the first
 * two or three letters of the second ("nord ca"), whole names, LEIs, ISINs, and name beginnings.
 */
export function worldQueryMix(
  registerSize: number,
  count: number,
  commonWordList: string[],
  seed = 2323,
  companyOf: (index: number) => GeneratedCompany = worldCompanyAt,
): WorldQuery[] {
  const random = seededRandom(seed);
  const queries: WorldQuery[] = [];
  const usable = commonWordList.filter((word) => word.length >= 3);
  while (queries.length < count) {
    const roll = random();
    let company = companyOf(Math.floor(random() * registerSize));
    const expected = { foldedName: foldForSearch(company.companyName), lei: company.lei };
    const words = company.companyName.split(" ");
    if (roll < 0.12) queries.push({ kind: "common", text: pick(random, usable) });
    else if (roll < 0.22) queries.push({ kind: "common3", text: pick(random, usable).slice(0, 3) });
    else if (roll < 0.37 && words.length >= 2)
      queries.push({ kind: "two-word", text: `${words[0]} ${words[1]}` });
    else if (roll < 0.47 && words.length >= 2)
      queries.push({
        kind: "two-word-start",
        text: `${words[0]} ${(words[1] as string).slice(0, 2 + Math.floor(random() * 2))}`,
      });
    else if (roll < 0.67) queries.push({ kind: "name", text: company.companyName, expected });
    else if (roll < 0.77) queries.push({ kind: "lei", text: company.lei, expected });
    else if (roll < 0.87) {
      for (let tries = 0; tries < 50 && !company.isin; tries++)
        company = companyOf(Math.floor(random() * registerSize));
      queries.push({
        kind: "isin",
        text: company.isin ?? company.lei,
        expected: { foldedName: foldForSearch(company.companyName), lei: company.lei },
      });
    } else {
      const length = 3 + Math.floor(random() * 6);
      queries.push({ kind: "start", text: company.companyName.slice(0, length).trim() });
    }
  }
  return queries.filter((query) => query.text.trim().length >= 3);
}
