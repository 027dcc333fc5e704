/**
 * The compact wire-type notation used in the definitions (`ExtendedDataPointBigDecimal`,
 * `array<LksgProductionSite>`, `map<array<string>>`, `date`, ...): capitalised names are
 * component schemas, lower-case names are primitives.
 */

export type PrimitiveWireType = "string" | "number" | "integer" | "int32" | "date";

export type WireType =
  | { kind: "ref"; name: string }
  | { kind: "primitive"; name: PrimitiveWireType }
  | { kind: "array"; items: WireType }
  | { kind: "map"; values: WireType };

const primitives: readonly string[] = ["string", "number", "integer", "int32", "date"];

export function parseWireType(text: string): WireType {
  const container = /^(array|map)<(.+)>$/.exec(text);
  if (container) {
    const inner = parseWireType(container[2] ?? "");
    return container[1] === "array" ? { kind: "array", items: inner } : { kind: "map", values: inner };
  }
  if (primitives.includes(text)) return { kind: "primitive", name: text as PrimitiveWireType };
  if (/^[A-Z]\w*$/.test(text)) return { kind: "ref", name: text };
  throw new Error(`Unknown wire type "${text}"`);
}

export function formatWireType(type: WireType): string {
  switch (type.kind) {
    case "ref":
    case "primitive":
      return type.name;
    case "array":
      return `array<${formatWireType(type.items)}>`;
    case "map":
      return `map<${formatWireType(type.values)}>`;
  }
}
