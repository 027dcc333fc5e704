import { describe, expect, it } from "vitest";
import { ApiError } from "../http/errors";
import {
  firstInvisibleCharacter,
  invisibleCharacterProblem,
  requireVisibleText,
  withoutInvisibleCharacters,
} from "./visible-text";

/** Every code point of a binary property or general category, read from the engine's Unicode tables. */
function codePointsOf(property: RegExp): string[] {
  const found: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    if (property.test(character)) found.push(character);
  }
  return found;
}

const hex = (character: string) =>
  `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`;

const SCOTLAND = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";

describe("visible text", () => {
  it("refuses each of the 12 bidirectional control characters, naming its code point", () => {
    const controls = codePointsOf(/^\p{Bidi_Control}$/u);
    expect(controls).toHaveLength(12);
    for (const control of controls) {
      expect(firstInvisibleCharacter(`annual-report${control}fdp.exe`)).toBe(hex(control));
    }
    expect(invisibleCharacterProblem("companyName", "Alpha\u202EGA")).toBe(
      "companyName contains the invisible character U+202E",
    );
  });

  it("refuses every other format character too: zero-width space, soft hyphen, byte order mark, tags", () => {
    for (const character of codePointsOf(/^\p{Cf}$/u)) {
      expect(firstInvisibleCharacter(`a${character}b`), hex(character)).toBe(hex(character));
    }
    expect(firstInvisibleCharacter("Alpha\u200BEnergie")).toBe("U+200B");
    expect(firstInvisibleCharacter("ok \u{1F600} then\u{E0041}")).toBe("U+E0041");
  });

  it("accepts plain and non-Latin text, and the joiner and tags inside emoji sequences", () => {
    for (const text of [
      "Alpha Energie AG",
      "Société Générale",
      "株式会社日立製作所",
      "شركة أرامكو السعودية",
      "👩\u200D💻 team",
      "👩🏽\u200D💻",
      "🏳\uFE0F\u200D🌈 Pride e.V.",
      "❤\uFE0F\u200D🔥",
      "👩\u200D❤\uFE0F\u200D💋\u200D👨",
      `${SCOTLAND} Whisky Ltd`,
    ]) {
      expect(firstInvisibleCharacter(text), text).toBeUndefined();
    }
  });

  it("refuses a joiner or tags outside an emoji sequence", () => {
    expect(firstInvisibleCharacter("a\u200Db")).toBe("U+200D");
    expect(firstInvisibleCharacter("👩\u200Db")).toBe("U+200D");
    expect(firstInvisibleCharacter("\u200D💻")).toBe("U+200D");
    expect(firstInvisibleCharacter("\u{1F3F4}\u{E0067}\u{E0062}")).toBe("U+E0067");
  });

  it("answers a 400 that names the field and the character", () => {
    expect(() => requireVisibleText("portfolioName", "My portfolio")).not.toThrow();
    expect(() => requireVisibleText("portfolioName", undefined)).not.toThrow();
    let thrown: unknown;
    try {
      requireVisibleText("portfolioName", "My\u2066 portfolio");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).toResponse()).toEqual({
      errors: [
        {
          errorType: "invalid-input",
          summary: "Invalid portfolioName",
          message: "portfolioName contains the invisible character U+2066.",
          httpStatus: 400,
        },
      ],
    });
  });

  it("removes the characters from register names and keeps emoji sequences whole", () => {
    expect(withoutInvisibleCharacters("Alpha\u202E\u200B Energie\uFEFF AG")).toBe("Alpha Energie AG");
    expect(withoutInvisibleCharacters("Plain ASCII")).toBe("Plain ASCII");
    expect(withoutInvisibleCharacters("👩\u200D💻\u200E Labs")).toBe("👩\u200D💻 Labs");
    expect(withoutInvisibleCharacters(`${SCOTLAND}\u2067`)).toBe(SCOTLAND);
  });
});
