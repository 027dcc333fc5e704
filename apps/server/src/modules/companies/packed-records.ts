/**
 * Records as they travel from the GLEIF reader thread to the import's main thread: all their texts
 * joined into one string, with the length of each in an Int32Array. For a million records a structured
 * clone of the objects cost about 2 CPU-seconds to write and as much to read (every object and string
 * field by field); packed, about half of that to write and a quarter to read (session 20).
 * Lengths rather than separators: a golden copy may carry any character, control characters included,
 * written as character references.
 */
import type { ImportRecord } from "./import-store";

export interface PackedRecords {
  text: string;
  /**
   * Per record: the lengths of its LEI, name, headquarters and country code, of its postal code,
   * legal form and sector (-1: none), the number of its alternative names, then their lengths.
   */
  lengths: Int32Array<ArrayBuffer>;
}

const NONE = -1;

export function packRecords(records: readonly ImportRecord[]): PackedRecords {
  const texts: string[] = [];
  const lengths: number[] = [];
  const optional = (value: string | null | undefined) => {
    if (value === null || value === undefined) lengths.push(NONE);
    else {
      texts.push(value);
      lengths.push(value.length);
    }
  };
  for (const record of records) {
    texts.push(record.lei, record.companyName, record.headquarters, record.countryCode);
    lengths.push(
      record.lei.length,
      record.companyName.length,
      record.headquarters.length,
      record.countryCode.length,
    );
    optional(record.headquartersPostalCode);
    optional(record.legalForm);
    optional(record.sector);
    lengths.push(record.alternativeNames.length);
    for (const name of record.alternativeNames) {
      texts.push(name);
      lengths.push(name.length);
    }
  }
  return { text: texts.join(""), lengths: Int32Array.from(lengths) };
}

/** The records of packRecords; a legal form or sector that was absent comes back as null (the same to the import). */
export function unpackRecords({ text, lengths }: PackedRecords): ImportRecord[] {
  const records: ImportRecord[] = [];
  let at = 0;
  let index = 0;
  const next = (): string => {
    const length = lengths[index++] as number;
    at += length;
    return text.slice(at - length, at);
  };
  const optional = (): string | null => {
    if (lengths[index] !== NONE) return next();
    index++;
    return null;
  };
  while (index < lengths.length) {
    const lei = next();
    const companyName = next();
    const headquarters = next();
    const countryCode = next();
    const headquartersPostalCode = optional();
    const legalForm = optional();
    const sector = optional();
    const alternativeNames = new Array<string>(lengths[index++] as number);
    for (let name = 0; name < alternativeNames.length; name++) alternativeNames[name] = next();
    records.push({
      lei,
      companyName,
      alternativeNames,
      headquarters,
      headquartersPostalCode,
      countryCode,
      legalForm,
      sector,
    });
  }
  return records;
}
