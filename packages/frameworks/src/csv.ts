/**
 * The one CSV writer of Openverde: server exports and web downloads both write through it, so both
 * quote alike and both refuse to hand a spreadsheet a formula.
 *
 * A text cell that starts with = + - @, a tab or a carriage return (or the full-width = + - @) gets a
 * leading apostrophe, as OWASP advises against CSV injection: a spreadsheet would otherwise run
 * `=HYPERLINK(...)` from a company name or `@SUM(...)` from a comment. Numbers passed as numbers are
 * left alone, so -5 stays -5. csv-stringify's `escape_formulas` does the guarding.
 */
import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | null | undefined;

export interface CsvOptions {
  /** Starts the text with a byte order mark, so spreadsheet programs read it as UTF-8 (umlauts). */
  byteOrderMark?: boolean;
}

/** Rows as CSV text: comma separated, CRLF after every row, quotes where needed. */
export function csvRows(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  return stringify(rows as CsvCell[][], {
    escape_formulas: true,
    record_delimiter: "windows",
    // Spreadsheets in locales that split on semicolons keep such a cell whole.
    quoted_match: /;/,
    quote_record_delimiter: true,
    bom: options.byteOrderMark ?? false,
  });
}
