/**
 * A made-up company register that looks like the real one: names from word lists with legal forms
 * per country, alternative names, accents, very common words ("Bank", "Holding", "GmbH"), cities,
 * sectors, LEIs with valid check digits and ISINs for listed companies. Company i is always the same
 * company, so the query mix can be drawn from the register without keeping it in memory.
 */

import { seededRandom } from "../../apps/server/src/modules/companies/identifiers";
import type { ImportRecord } from "../../apps/server/src/modules/companies/import-store";
import {
  countryDraw,
  pick,
  pickSkewed,
  randomIsin,
  randomLei,
  SURNAMES,
  WORD_BEGINNINGS,
  WORD_ENDINGS,
} from "./vocabulary";

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
/** Where the companies are registered: weights of the vocabulary's countries. */
const drawCountry = countryDraw({
  DE: 20,
  US: 18,
  GB: 10,
  FR: 9,
  NL: 6,
  IT: 7,
  ES: 6,
  SE: 4,
  CH: 4,
  LU: 5,
  AT: 3,
  DK: 2,
  PL: 3,
  JP: 3,
});

export interface GeneratedCompany extends ImportRecord {
  isin: string | null;
  /** Words that make the name, for the query mix. */
  words: string[];
}

/** A made-up stem of two syllables ("Kalberg"), or now and then a surname. */
function stem(random: () => number): string {
  return random() < 0.25
    ? pickSkewed(random, SURNAMES)
    : `${pick(random, WORD_BEGINNINGS)}${pick(random, WORD_ENDINGS)}`;
}

/** Company number i of the register. */
export function companyAt(index: number): GeneratedCompany {
  const random = seededRandom(index * 2_654_435_761 + 17);
  const country = drawCountry(random);
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
  const lei = randomLei(random);
  const isin = randomIsin(random, country);
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
