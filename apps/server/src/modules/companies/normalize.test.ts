import { describe, expect, it } from "vitest";
import { isValidLei, withIsinCheckDigit, withLeiCheckDigits } from "./identifiers";
import {
  foldForSearch,
  nameTails,
  prefixUpperBound,
  TAIL_MARKER,
  tailRange,
  wordSuffixes,
} from "./normalize";

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

  it("keeps the beginnings of a name before its spaces reversed, and ranges over them for a text inside a word", () => {
    expect(nameTails("nord holding gmbh")).toEqual([`${TAIL_MARKER}dron`, `${TAIL_MARKER}gnidloh dron`]);
    expect(nameTails("single")).toEqual([]);
    // Reversed code point by code point, as PostgreSQL's reverse() does.
    expect(nameTails("x😀y z w")).toEqual([`${TAIL_MARKER}y😀x`, `${TAIL_MARKER}z y😀x`]);
    const range = tailRange("nord holding gmbh");
    expect(range).toEqual({ lower: `${TAIL_MARKER}gnidloh dron0`, upper: `${TAIL_MARKER}gnidloh droo` });
    const inside = `${TAIL_MARKER}gnidloh dronok`; // "konord holding ..."
    const atStart = `${TAIL_MARKER}gnidloh dron`; // "nord holding ..." (the prefix rank)
    const afterSpace = `${TAIL_MARKER}gnidloh dron ehcstued`; // "deutsche nord holding ..." (the word rank)
    const { lower, upper } = range as { lower: string; upper: string };
    expect(inside >= lower && inside < upper).toBe(true);
    expect(atStart >= lower).toBe(false);
    expect(afterSpace >= lower).toBe(false);
    // a text starting with a sign may follow anything, a space too
    expect(tailRange("& co. kg")?.lower).toBe(`${TAIL_MARKER}.oc &`);
    expect(tailRange("single")).toBeUndefined();
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
