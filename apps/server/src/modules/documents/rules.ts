import { firstInvisibleCharacter } from "../../platform/text/visible-text";

/** Field rules of documents that do not need the database; each returns the problem or undefined. */

const FORBIDDEN_NAME_CHARACTERS = /[<>:"|?/*\\]/;
// Control characters would break headers and file systems alike, so they are refused as well.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of this pattern is control characters.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The name rule for files and document names: 1 to 254 characters, no `< > : " | ? / * \`, no control
 * characters and no invisible format characters (a right-to-left override would show
 * "report\u202Efdp.exe" to others as "reportexe.pdf"), ...
 */
export function nameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length < 1) return "must not be empty";
  if (length > 254) return `must be at most 254 characters long, it has ${length}`;
  const forbidden = FORBIDDEN_NAME_CHARACTERS.exec(name);
  if (forbidden)
    return `must not contain the character ${forbidden[0]} (none of < > : " | ? / * \\ is allowed)`;
  if (CONTROL_CHARACTERS.test(name)) return "must not contain control characters";
  const invisible = firstInvisibleCharacter(name);
  if (invisible) return `contains the invisible character ${invisible}`;
  if (/^\s/u.test(name)) return "must not start with whitespace";
  if (/[\s.]$/u.test(name)) return "must not end with a dot or whitespace";
  return undefined;
}

/** A reporting period is a (fiscal) year, written with four digits. */
export function reportingPeriodProblem(period: string): string | undefined {
  return /^(19|20|21)\d{2}$/.test(period) ? undefined : 'must be a year with four digits, such as "2024"';
}

/** A publication date is a real calendar day written yyyy-MM-dd. */
export function publicationDateProblem(date: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const parsed = new Date(Date.UTC(year, month - 1, day));
    if (
      parsed.getUTCFullYear() === year &&
      parsed.getUTCMonth() === month - 1 &&
      parsed.getUTCDate() === day &&
      year >= 1800
    )
      return undefined;
  }
  return 'must be a calendar date written yyyy-MM-dd, such as "2024-02-13"';
}

/** A document id is the SHA-256 of the bytes in lower-case hex. */
export const isDocumentId = (value: string): boolean => /^[0-9a-f]{64}$/.test(value);

/**
 * A Content-Disposition value that every browser reads safely: an ASCII fallback name and the full
 * name in RFC 5987 encoding. The extension of the stored type is added when the name lacks it.
 */
export function contentDisposition(
  documentName: string,
  extension: string,
  disposition: "inline" | "attachment",
): string {
  const withExtension = documentName.toLowerCase().endsWith(extension)
    ? documentName
    : `${documentName}${extension}`;
  const ascii =
    withExtension
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are replaced on purpose.
      .replace(/[^\u0020-\u007e]|["\\%;\u0000-\u001f]/g, "_")
      .trim() || `document${extension}`;
  const encoded = encodeURIComponent(withExtension).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export type RangeRequest =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

/**
 * Reads a Range header for a file of `size` bytes. One range is served as 206; several ranges and
 * headers we do not understand are answered with the whole file, which HTTP allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: "full" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: "full" };
  const [, first, last] = match;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  if (end < start) return { kind: "full" };
  return { kind: "partial", start, end };
}
