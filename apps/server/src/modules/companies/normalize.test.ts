import { describe, expect, it } from "vitest";
import { isValidLei, withIsinCheckDigit, withLeiCheckDigits } from "./identifiers";
import { foldForSearch, nameWordRows, prefixUpperBound, tailRange } from "./normalize";

describe("search folding", () => {
  it("removes accents and case so Köln, KÖLN and Koln are one", () => {
    expect(foldForSearch("Köln")).toBe("koln");
    expect(foldForSearch("  KÖLN   Messe ")).toBe("koln messe");
    expect(foldForSearch("Straße Øresund Łódź Société")).toBe("strasse oresund lodz societe");
  });

  it("lists the rest of the name from each word after the first, with the beginning before each space reversed", () => {
    expect(nameWordRows("deutsche bank ag")).toEqual([
      { suffix: "bank ag", tail: "ehcstued" },
      { suffix: "ag", tail: "knab ehcstued" },
    ]);
    // A word after a sign has no beginning of its own; a space before a sign has no word.
    expect(nameWordRows("muller & sohne-gmbh")).toEqual([
      { suffix: null, tail: "rellum" },
      { suffix: "sohne-gmbh", tail: "& rellum" },
      { suffix: "gmbh", tail: null },
    ]);
    expect(nameWordRows("single")).toEqual([]);
    expect(nameWordRows("")).toEqual([]);
    // Reversed code point by code point, as PostgreSQL's reverse() does.
    expect(nameWordRows("x😀y z w").flatMap((row) => row.tail ?? [])).toEqual(["y😀x", "z y😀x"]);
  });

  it("ranges over the reversed beginnings for a text inside a word", () => {
    const range = tailRange("nord holding gmbh");
    expect(range).toEqual({ lower: "gnidloh dron0", upper: "gnidloh droo" });
    const inside = "gnidloh dronok"; // "konord holding ..."
    const atStart = "gnidloh dron"; // "nord holding ..." (the prefix rank)
    const afterSpace = "gnidloh dron ehcstued"; // "deutsche nord holding ..." (the word rank)
    const { lower, upper } = range as { lower: string; upper: string };
    expect(inside >= lower && inside < upper).toBe(true);
    expect(atStart >= lower).toBe(false);
    expect(afterSpace >= lower).toBe(false);
    // a text starting with a sign may follow anything, a space too
    expect(tailRange("& co. kg")?.lower).toBe(".oc &");
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
