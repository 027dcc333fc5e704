/**
 * Folding of names and identifiers for search: lower case, accents removed, runs of white space
 * made one space. The same function folds what is stored and what is asked, so "Köln" finds "Koln".
 */

const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
  ſ: "s",
};
const SPECIAL_PATTERN = /[ßæœøłđðþıħŧŋſ]/g;
const COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
const WHITE_SPACE = /\s+/g;

/** Longest folded text kept in the search index; longer names are cut there. */
export const MAX_TERM_LENGTH = 200;

/** Any UTF-16 code unit beyond ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;

export function foldForSearch(text: string): string {
  // Most names are plain ASCII, where decomposition, accents and the special letters change
  // nothing; skipping them halves the cost of folding a register of millions of names.
  if (!NON_ASCII.test(text)) {
    const folded = text.toLowerCase().replace(WHITE_SPACE, " ").trim();
    return folded.length > MAX_TERM_LENGTH ? folded.slice(0, MAX_TERM_LENGTH) : folded;
  }
  const folded = text
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(WHITE_SPACE, " ")
    .trim();
  return folded.length > MAX_TERM_LENGTH ? folded.slice(0, MAX_TERM_LENGTH) : folded;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether the UTF-16 code unit at index is a letter or digit; ASCII without the regular expression. */
function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
  return WORD_CHARACTER.test(text[index] as string);
}

/**
 * The rest of a folded name from each word on, except from the first word (that is the name itself):
 * "deutsche bank ag" gives "bank ag" and "ag".
 */
export function wordSuffixes(folded: string): string[] {
  const suffixes = new Set<string>();
  let previousWasWord = true;
  for (let index = 0; index < folded.length; index++) {
    const isWord = isWordCharacter(folded, index);
    if (isWord && !previousWasWord && index > 0) suffixes.add(folded.slice(index));
    previousWasWord = isWord;
  }
  return [...suffixes];
}

/** The smallest string greater than every string that starts with prefix (byte order). */
export function prefixUpperBound(prefix: string): string {
  const points = [...prefix];
  const last = points.pop();
  if (last === undefined) return "\u{10ffff}";
  const code = last.codePointAt(0) as number;
  // Skip the surrogate range, which has no characters of its own.
  const next = code === 0xd7ff ? 0xe000 : code + 1;
  if (next > 0x10ffff) return `${prefix}\u{10ffff}`;
  return points.join("") + String.fromCodePoint(next);
}

/** Whether the folded text has a run of three letters or digits, which the trigram index can use. */
export function hasTrigram(folded: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(folded);
}

/**
 * For a folded text of several words, the rest of it from the first word after a space. Any name
 * containing the text has that rest at the start of one of its words, so the word table narrows a
 * "contains" search down to a few candidates without the trigram index.
 */
export function wordAnchor(folded: string): string | undefined {
  for (let index = 1; index < folded.length; index++) {
    if (folded[index - 1] === " " && WORD_CHARACTER.test(folded[index] as string)) return folded.slice(index);
  }
  return undefined;
}
