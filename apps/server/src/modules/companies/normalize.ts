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

/** Control characters other than white space. */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\v\f\r]/gu;

/** A search text without control characters (other than white space), which names do not carry. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "");
}

/** Any UTF-16 surrogate: a code point beyond U+FFFF takes two code units. */
const SURROGATE = /[\ud800-\udfff]/;

/** The text code point by code point backwards. */
function reversed(text: string): string {
  if (SURROGATE.test(text)) return [...text].reverse().join("");
  // Without surrogates every code unit is a code point: reversed in place, without an array of
  // one-character strings (this runs for nearly every name of a register).
  const units = new Array<number>(text.length);
  for (let index = 0; index < text.length; index++) units[text.length - 1 - index] = text.charCodeAt(index);
  return String.fromCharCode(...units);
}

/**
 * A row of the word table: one place in a name where a word starts after a separator, or where a
 * space ends the name's beginning, or both (the usual case, a word after a space).
 */
export interface WordRow {
  /**
   * The rest of the name from the word starting here on (never from the first word: that is the name
   * itself): "deutsche bank ag" has "bank ag" and "ag". The word and prefix-of-a-word ranks read these.
   */
  suffix: string | null;
  /**
   * The name's beginning before the space just before here, reversed: "nord capital ag" has "dron"
   * and "latipac dron". A name containing a text of several words "w1 ... wn" has, at the last space
   * of the text, a beginning whose reverse starts with the reverse of "w1 ... wn-1", followed by the
   * character before the text. When the text sits inside a word (the infix rank), that character is a
   * letter or digit, which no other name's beginning has there: a prefix range on these (tailRange)
   * finds such names among few candidates even when every word of the text is common ("nord holding
   * gmbh"). Reversed code point by code point, as PostgreSQL's reverse() does.
   */
  tail: string | null;
}

const SPACE = 32;

/**
 * The word table's rows of a folded name, in the order of their places. A word after a space gives
 * both keys in one row, which keeps the table at about half the rows of one row per key.
 */
export function nameWordRows(folded: string): WordRow[] {
  const rows: WordRow[] = [];
  // Reversed once: the reverse of the beginning before a space is the end of the reversed name
  // (reversing code point by code point keeps the length of every piece).
  let backwards: string | undefined;
  let previousIsWord = folded.length > 0 && isWordCharacter(folded, 0);
  for (let place = 1; place <= folded.length; place++) {
    const isWord = place < folded.length && isWordCharacter(folded, place);
    const startsWord = isWord && !previousIsWord;
    previousIsWord = isWord;
    // A space at the very start begins nothing (folded names have none).
    const afterSpace = place > 1 && folded.charCodeAt(place - 1) === SPACE;
    if (!startsWord && !afterSpace) continue;
    let tail: string | null = null;
    if (afterSpace) {
      backwards ??= reversed(folded);
      tail = backwards.slice(folded.length - place + 1);
    }
    rows.push({ suffix: startsWord ? folded.slice(place) : null, tail });
  }
  return rows;
}

/**
 * The range of the word table's tails (WordRow) that holds every name containing the folded text inside a
 * word, for a text with a space; undefined for a text of one word. A text starting with a letter or
 * digit that sits inside a word follows a letter or digit, which sort at or after "0": the range
 * starts there and leaves out the names where the text starts a word (the prefix and word ranks find
 * those). Otherwise it holds every name with the text before a space.
 */
export function tailRange(folded: string): { lower: string; upper: string } | undefined {
  const lastSpace = folded.lastIndexOf(" ");
  if (lastSpace <= 0) return undefined;
  const key = reversed(folded.slice(0, lastSpace));
  return { lower: isWordCharacter(folded, 0) ? `${key}0` : key, upper: prefixUpperBound(key) };
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
