import { parse } from "csv-parse/sync";

/** Parses RFC 4180 CSV (quoted fields may hold commas, quotes and line breaks) into records keyed by header. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = parse(text, { bom: true, relax_column_count: true }) as string[][];
  if (!header) return [];
  return rows
    .filter((cells) => cells.some((cell) => cell.trim() !== ""))
    .map((cells) => Object.fromEntries(header.map((name, index) => [name.trim(), cells[index] ?? ""])));
}
