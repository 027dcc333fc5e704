import { describe, expect, it } from "vitest";
import { isValidLei, withIsinCheckDigit, withLeiCheckDigits } from "./identifiers";
import { foldForSearch, prefixUpperBound, wordSuffixes } from "./normalize";

describe("search folding", () => {
  it("removes accents and case so Köln, KÖLN and Koln are one", () => {
    expect(foldForSearch("Köln")).toBe("koln");
    expect(foldForSearch("  KÖLN   Messe ")).toBe("koln messe");
    expect(foldForSearch("Straße Øresund Łódź Société")).toBe("strasse oresund lodz societe");
  });

  it("lists the rest of the name from each word after the first", () => {
    expect(wordSuffixes("deutsche bank ag")).toEqual(["bank ag", "ag"]);
    expect(wordSuffixes("muller & sohne gmbh")).toEqual(["sohne gmbh", "gmbh"]);
    expect(wordSuffixes("single")).toEqual([]);
  });

  it("bounds a prefix range", () => {
    expect(prefixUpperBound("abc")).toBe("abd");
    expect("abczzz" < prefixUpperBound("abc")).toBe(true);
  });

  it("makes LEIs and ISINs with valid check digits", () => {
    const lei = withLeiCheckDigits("529900ABCDEF123456");
    expect(isValidLei(lei)).toBe(true);
    const wrong = String((Number(lei.slice(18)) + 1) % 100).padStart(2, "0");
    expect(isValidLei(`${lei.slice(0, 18)}${wrong}`)).toBe(false);
    expect(withIsinCheckDigit("US037833100")).toBe("US0378331005");
  });
});
