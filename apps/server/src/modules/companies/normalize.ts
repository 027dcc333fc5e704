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
  // Each suffix starts at another index, so none repeats.
  const suffixes: string[] = [];
  let previousWasWord = true;
  for (let index = 0; index < folded.length; index++) {
    const isWord = isWordCharacter(folded, index);
    if (isWord && !previousWasWord && index > 0) suffixes.push(folded.slice(index));
    previousWasWord = isWord;
  }
  return suffixes;
}

/**
 * Marks the word table's rows that hold a name's beginning before a space, reversed (nameTails); no
 * word suffix starts with it, and search texts lose it (withoutControlCharacters).
 */
export const TAIL_MARKER = "\u0001";

/** Control characters other than white space. */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\v\f\r]/gu;

/** A search text without control characters (other than white space), which names do not carry and the word table uses. */
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
 * The beginnings of a folded name before each of its spaces, reversed and marked: "nord capital ag"
 * gives "\u0001dron" and "\u0001latipac dron". A name containing a text of several words "w1 ... wn"
 * has, at the last space of the text, a beginning whose reverse starts with the reverse of
 * "w1 ... wn-1", followed by the character before the text. When the text sits inside a word (the
 * infix rank), that character is a letter or digit, which no other name's beginning has there: a
 * prefix range on these rows finds such names among few candidates even when every word of the text
 * is common ("nord holding gmbh"). PostgreSQL's reverse() gives the same (code point by code point).
 */
export function nameTails(folded: string): string[] {
  // Each beginning ends at another space, so none repeats.
  const tails: string[] = [];
  // Reversed once: the reverse of the beginning before a space is the end of the reversed name
  // (reversing code point by code point keeps the length of every piece).
  let backwards: string | undefined;
  for (let index = folded.indexOf(" "); index > 0; index = folded.indexOf(" ", index + 1)) {
    backwards ??= reversed(folded);
    tails.push(TAIL_MARKER + backwards.slice(folded.length - index));
  }
  return tails;
}

/**
 * The range of word-table rows (nameTails) that holds every name containing the folded text inside a
 * word, for a text with a space; undefined for a text of one word. A text starting with a letter or
 * digit that sits inside a word follows a letter or digit, which sort at or after "0": the range
 * starts there and leaves out the names where the text starts a word (the prefix and word ranks find
 * those). Otherwise it holds every name with the text before a space.
 */
export function tailRange(folded: string): { lower: string; upper: string } | undefined {
  const lastSpace = folded.lastIndexOf(" ");
  if (lastSpace <= 0) return undefined;
  const key = TAIL_MARKER + reversed(folded.slice(0, lastSpace));
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
