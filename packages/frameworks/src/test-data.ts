/**
 * Deterministic sample datasets: every field filled with a valid value, data sources pointing at the
 * dataset's referenced reports, and show-if conditions satisfied where they can be.
 * Used by tests, the demo seed and benchmarks.
 */
import { frameworkFields, getFramework } from "./catalogue.ts";
import { countryCodes } from "./code-lists/countries.ts";
import { highImpactClimateSectorKeys, naceDivisions } from "./code-lists/nace.ts";
import type { FieldDefinition, FrameworkId } from "./model.ts";
import { type OpenApiSchema, referencedName, valueType } from "./value-types.ts";
import { parseWireType, type WireType } from "./wire-type.ts";

type Random = () => number;

function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SampleReport {
  name: string;
  fileReference: string;
  publicationDate: string;
}

interface NumberHint {
  min: number;
  max: number;
}

const sampleCurrencies = ["EUR", "USD", "GBP", "CHF", "SEK", "JPY"];
const sampleCountries = [...countryCodes].filter((code) =>
  ["DE", "FR", "NL", "IT", "ES", "PL", "US", "CN"].includes(code),
);
const procurementCategoryKeys = ["Products", "Services", "RawMaterials"];

class SampleGenerator {
  constructor(
    private readonly random: Random,
    private readonly reports: SampleReport[],
  ) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  integer(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  decimal({ min, max }: NumberHint): number {
    return Math.round((min + this.random() * (max - min)) * 100) / 100;
  }

  date(): string {
    const month = String(this.integer(1, 12)).padStart(2, "0");
    const day = String(this.integer(1, 28)).padStart(2, "0");
    return `${this.integer(2018, 2024)}-${month}-${day}`;
  }

  naceCodes(): string[] {
    return [this.pick(naceDivisions()), this.pick(naceDivisions())].map(
      ({ division }) => `${division}.${this.integer(1, 9)}${this.integer(0, 9)}`,
    );
  }

  text(label: string): string {
    return `${label} ${this.integer(1, 999)}`;
  }

  wire(type: WireType, hint: NumberHint, key: string): unknown {
    switch (type.kind) {
      case "ref":
        return this.component(type.name, hint);
      case "primitive":
        return this.primitive(type.name, hint, key);
      case "array":
        return [this.wire(type.items, hint, key), this.wire(type.items, hint, key)];
      case "map":
        return Object.fromEntries(
          ["first", "second"].map((name) => [`${key}-${name}`, this.wire(type.values, hint, key)]),
        );
    }
  }

  primitive(name: string, hint: NumberHint, key: string): unknown {
    if (name === "date") return this.date();
    if (name === "string") return this.text(key);
    if (name === "number") return this.decimal(hint);
    return this.integer(Math.ceil(hint.min), Math.floor(Math.min(hint.max, 10_000)));
  }

  component(name: string, hint: NumberHint): unknown {
    if (name === "ExtendedDocumentReference" || name === "BaseDocumentReference")
      return this.dataSource(name);
    return this.schema(valueType(name), hint, name);
  }

  dataSource(name: string): Record<string, unknown> {
    const report = this.pick(this.reports);
    const page = this.integer(1, 40);
    return {
      ...(name === "ExtendedDocumentReference"
        ? {
            page: this.random() < 0.5 ? String(page) : `${page}-${page + this.integer(1, 5)}`,
            tagName: "sample",
          }
        : {}),
      fileName: report.name,
      fileReference: report.fileReference,
      publicationDate: report.publicationDate,
    };
  }

  schema(schema: OpenApiSchema, hint: NumberHint, owner: string): unknown {
    const name = referencedName(schema);
    if (name) return this.component(name, hint);
    if (schema.enum) return this.pick(schema.enum);
    if (schema.type === "object") return this.object(schema, hint, owner);
    if (schema.type === "array") return [this.schema(schema.items ?? {}, hint, owner)];
    if (schema.type === "string") return schema.format === "date" ? this.date() : this.text(owner);
    return this.primitive(schema.type === "integer" ? "integer" : "number", hint, owner);
  }

  object(schema: OpenApiSchema, hint: NumberHint, owner: string): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    if (typeof schema.additionalProperties === "object") {
      const keys = owner === "LksgProcurementCategory" ? sampleCountries.slice(0, 2) : ["first", "second"];
      for (const key of keys) result[key] = this.schema(schema.additionalProperties, hint, owner);
      return result;
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      result[key] = this.property(owner, key, property, hint);
    }
    return result;
  }

  /** Properties whose values follow a code list get a valid code; the rest follow their schema. */
  private property(owner: string, key: string, property: OpenApiSchema, hint: NumberHint): unknown {
    if (key === "currency") return this.pick(sampleCurrencies);
    if (key === "country") return this.pick(sampleCountries);
    if (key === "naceCodes" || key === "procuredProductTypesAndServicesNaceCodes") return this.naceCodes();
    if (key.endsWith("InPercent")) return this.decimal({ min: 0, max: 100 });
    return this.schema(property, hint, owner === "Address" ? key : owner);
  }
}

function fieldValue(generator: SampleGenerator, field: FieldDefinition, reports: SampleReport[]): unknown {
  const hint = {
    min: field.range?.min ?? 0,
    max: field.range?.max ?? (field.kind === "percentage" ? 100 : 100_000),
  };
  const key = field.path.slice(field.path.lastIndexOf(".") + 1);
  switch (field.kind) {
    case "referencedReports":
      return Object.fromEntries(
        reports.map((report) => [
          report.name,
          {
            fileReference: report.fileReference,
            fileName: report.name,
            publicationDate: report.publicationDate,
          },
        ]),
      );
    case "countryCodes":
      return sampleCountries.slice(0, 3);
    case "naceCodes":
      return generator.naceCodes();
    case "subcontractingCompanies":
      return Object.fromEntries(
        sampleCountries.slice(0, 2).map((country) => [country, generator.naceCodes()]),
      );
    case "procurementCategories": {
      const item = parseWireType(field.wire);
      const values = item.kind === "map" ? item.values : item;
      return Object.fromEntries(
        procurementCategoryKeys.map((name) => [name, generator.wire(values, hint, key)]),
      );
    }
    case "highImpactClimateSectors": {
      const item = parseWireType(field.wire);
      const values = item.kind === "map" ? item.values : item;
      return Object.fromEntries(
        highImpactClimateSectorKeys.map((name) => [name, generator.wire(values, hint, key)]),
      );
    }
    default:
      return generator.wire(parseWireType(field.wire), hint, key);
  }
}

/** Forces the value a field's dependants need to be shown (the first condition on a field wins). */
function satisfyCondition(
  data: Record<string, unknown>,
  field: FieldDefinition,
  dependency: FieldDefinition,
): void {
  const condition = field.showIf;
  if (!condition) return;
  const keys = dependency.path.split(".");
  let node = data;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1] as string;
  const wanted =
    "equals" in condition ? condition.equals : Math.max(condition.atLeast, dependency.range?.min ?? 0);
  const current = node[last];
  if (dependency.wrapper === "plain") node[last] = wanted;
  else node[last] = { ...(current as Record<string, unknown>), value: wanted };
}

/** A complete, valid dataset of the framework's data object; the same seed always gives the same dataset. */
export function generateCompleteDataset(frameworkId: FrameworkId, seed = 1): Record<string, unknown> {
  const framework = getFramework(frameworkId);
  const random = seededRandom(seed);
  const hex = () => Array.from({ length: 64 }, () => Math.floor(random() * 16).toString(16)).join("");
  const reports: SampleReport[] = ["AnnualReport", "SustainabilityReport"].map((name, index) => ({
    name: `${name}${2023 - index}`,
    fileReference: hex(),
    publicationDate: `${2023 - index}-03-31`,
  }));
  const generator = new SampleGenerator(random, reports);
  const data: Record<string, unknown> = {};
  const fields = frameworkFields(framework);
  for (const field of fields) {
    const keys = field.path.split(".");
    let node = data;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1] as string] = fieldValue(generator, field, reports);
  }
  const satisfied = new Set<string>();
  for (const field of fields) {
    const dependency = fields.find((candidate) => candidate.path === field.showIf?.field);
    if (!dependency || satisfied.has(dependency.path)) continue;
    satisfyCondition(data, field, dependency);
    satisfied.add(dependency.path);
  }
  return data;
}
