import { describe, expect, it } from "vitest";
import type { ImportRecord } from "./import-store";
import { packRecords, unpackRecords } from "./packed-records";

const record = (lei: string, overrides: Partial<ImportRecord> = {}): ImportRecord => ({
  lei,
  companyName: `Company ${lei}`,
  alternativeNames: [],
  headquarters: "Frankfurt am Main",
  headquartersPostalCode: "60311",
  countryCode: "DE",
  legalForm: null,
  sector: null,
  ...overrides,
});

describe("records packed for the reader thread", () => {
  it("come back field for field, whatever characters their texts hold", () => {
    const records = [
      record("529900T8BM49AURSDO55", { alternativeNames: ["Erste", "", "Dritte \u0000\u0001 Name"] }),
      record("5299001MG19T32CUL261", {
        companyName: "Ünïcödé 😀 \ud83d Société",
        headquartersPostalCode: null,
        legalForm: "AG",
        sector: "",
      }),
      record("X", { companyName: "", headquarters: "", countryCode: "" }),
    ];
    expect(unpackRecords(packRecords(records))).toEqual(records);
  });

  it("give null for a legal form or sector that was absent, as the import reads it", () => {
    const { legalForm: _legalForm, sector: _sector, ...withoutThem } = record("529900T8BM49AURSDO55");
    expect(unpackRecords(packRecords([withoutThem]))).toEqual([record("529900T8BM49AURSDO55")]);
  });

  it("hold nothing for no records", () => {
    const packed = packRecords([]);
    expect(packed.text).toBe("");
    expect(unpackRecords(packed)).toEqual([]);
  });
});
