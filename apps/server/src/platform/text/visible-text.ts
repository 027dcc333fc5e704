import { badRequest } from "../http/errors";

/**
 * Names that one user writes and others read must show what they hold. Format characters
 * (Unicode's general category Cf) are not drawn, yet they change what is drawn around them: a
 * right-to-left override turns "annual-report\u202Efdp.exe" into "annual-reportexe.pdf" on screen,
 * and zero-width characters make two different names look alike. So names refuse them, and names
 * read from registers have them removed. The 12 characters of Unicode's Bidi_Control class are all
 * of category Cf.
 *
 * Two uses of format characters are part of ordinary text and stay: the zero-width joiner between
 * two emoji (👩‍💻 is 👩, U+200D, 💻) and the tag characters of a subdivision flag (🏴 followed by
 * tags and the cancel tag, as in the flag of Scotland).
 */
const FORMAT_CHARACTERS =
  /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|(?<=\p{Extended_Pictographic}[\u{FE0F}\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})|(\p{Cf})/gu;

/** Most names hold no format character at all; they are answered without the slower pattern above. */
const ANY_FORMAT_CHARACTER = /\p{Cf}/u;

const codePointOf = (character: string): string =>
  `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`;

/** The first invisible format character in the text, written like "U+202E", or undefined. */
export function firstInvisibleCharacter(text: string): string | undefined {
  if (!ANY_FORMAT_CHARACTER.test(text)) return undefined;
  for (const match of text.matchAll(FORMAT_CHARACTERS)) {
    const offending = match[2];
    if (offending) return codePointOf(offending);
  }
  return undefined;
}

/** "<field> contains the invisible character U+202E", or undefined when the text shows all it holds. */
export function invisibleCharacterProblem(
  field: string,
  text: string | null | undefined,
): string | undefined {
  const character = text ? firstInvisibleCharacter(text) : undefined;
  return character && `${field} contains the invisible character ${character}`;
}

/** Refuses text with an invisible format character with a 400 that names the field and the character. */
export function requireVisibleText(field: string, text: string | null | undefined): void {
  const problem = invisibleCharacterProblem(field, text);
  if (problem) throw badRequest(`${problem}.`, `Invalid ${field}`);
}

/** The text without its invisible format characters: for names read from registers, never refused. */
export function withoutInvisibleCharacters(text: string): string {
  if (!ANY_FORMAT_CHARACTER.test(text)) return text;
  return text.replace(FORMAT_CHARACTERS, (kept: string, _flag?: string, offending?: string) =>
    offending ? "" : kept,
  );
}
