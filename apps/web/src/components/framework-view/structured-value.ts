/**
 * Lists and maps of objects (production sites, activities, procurement categories, ...) as tables:
 * columns come from the objects' keys, named by the same rule the frameworks package uses for labels.
 */
import { humanizeKey } from "@openverde/frameworks/humanize";

export type TableCell = { text: string } | { document: Record<string, unknown>; text: string };

export interface ValueTable {
  columns: { key: string; label: string }[];
  rows: Record<string, TableCell>[];
}

const numberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A document reference as the wire writes it: a file reference and perhaps a name and page. */
export const isDocumentReference = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && typeof value.fileReference === "string";

/** `ChildLabor` → `Child labor`; free text, codes (`DE`, `35.11`) and numbers stay as they are. */
export function readableEnum(value: string): string {
  return /^[A-Z][a-z]+(?:[A-Z0-9][a-z0-9]*)+$/.test(value) ? humanizeKey(value) : value;
}

/** A scalar, list or small map written as one line of text. */
export function inlineText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return numberFormat.format(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return readableEnum(value);
  if (Array.isArray(value)) return value.map(inlineText).join(", ");
  if (isObject(value)) {
    if (typeof value.amount === "number")
      return `${numberFormat.format(value.amount)}${typeof value.currency === "string" ? ` ${value.currency}` : ""}`;
    return Object.entries(value)
      .filter(([, entry]) => entry !== null && entry !== undefined)
      .map(([key, entry]) => `${key}: ${inlineText(entry)}`)
      .join("; ");
  }
  return String(value);
}

function flatten(
  value: Record<string, unknown>,
  prefix: string,
  labelPrefix: string,
  into: Map<string, { label: string; cell: TableCell }>,
): void {
  for (const [key, entry] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const label = labelPrefix ? `${labelPrefix}: ${humanizeKey(key).toLowerCase()}` : humanizeKey(key);
    if (isDocumentReference(entry)) {
      into.set(path, { label, cell: { document: entry, text: documentLabel(entry) } });
    } else if (isObject(entry) && typeof entry.amount !== "number" && !looksLikeMap(entry)) {
      flatten(entry, path, label, into);
    } else {
      into.set(path, { label, cell: { text: inlineText(entry) } });
    }
  }
}

/** A map keyed by data (country codes, report names) rather than by field names. */
function looksLikeMap(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => /^[A-Z]{2}$/.test(key));
}

export function documentLabel(reference: Record<string, unknown>): string {
  const name = typeof reference.fileName === "string" && reference.fileName ? reference.fileName : "Document";
  return typeof reference.page === "string" && reference.page ? `${name}, page ${reference.page}` : name;
}

function tableOf(items: { name?: string; value: unknown }[], nameLabel: string): ValueTable {
  const columns = new Map<string, string>();
  const rows: Record<string, TableCell>[] = [];
  const withNames = items.some((item) => item.name !== undefined);
  if (withNames) columns.set("__name", nameLabel);
  for (const item of items) {
    const cells = new Map<string, { label: string; cell: TableCell }>();
    if (isObject(item.value) && !isDocumentReference(item.value)) flatten(item.value, "", "", cells);
    else cells.set("__value", { label: "Value", cell: { text: inlineText(item.value) } });
    const row: Record<string, TableCell> = {};
    if (withNames) row.__name = { text: readableEnum(item.name ?? "") };
    for (const [key, { label, cell }] of cells) {
      if (!columns.has(key)) columns.set(key, label);
      row[key] = cell;
    }
    rows.push(row);
  }
  return { columns: [...columns].map(([key, label]) => ({ key, label })), rows };
}

/**
 * Whether `valueTable` gives a table for this answer; cheap, so that a long list is only turned into
 * a table when someone opens it.
 */
export function isTabular(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => isObject(item));
  return isObject(value) && Object.keys(value).length > 0 && typeof value.amount !== "number";
}

/**
 * The table for a list of objects or a map of entries; null for answers that read well as one line
 * (scalars and lists of plain values).
 */
export function valueTable(value: unknown): ValueTable | null {
  if (!isTabular(value)) return null;
  if (Array.isArray(value)) {
    return tableOf(
      value.map((item) => ({ value: item })),
      "Name",
    );
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.every(([, entry]) => isDocumentReference(entry))) {
      return {
        columns: [
          { key: "__name", label: "Report" },
          { key: "document", label: "Document" },
        ],
        rows: entries.map(([name, entry]) => ({
          __name: { text: name },
          document: { document: entry as Record<string, unknown>, text: documentLabel(entry as never) },
        })),
      };
    }
    return tableOf(
      entries.map(([name, entry]) => ({ name, value: entry })),
      "Name",
    );
  }
  return null;
}

/** How many entries a list or map holds; null for other answers. */
export function entryCount(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return null;
}
