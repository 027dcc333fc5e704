/**
 * Reads the reference folder (CSV field lists, OpenAPI schemas, specifications) and turns it into
 * the committed definition files. Shared by the generator and by the reference check, so both
 * always read the reference the same way.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { humanizeKey } from "../../src/humanize.ts";
import type {
  CategoryDefinition,
  FieldDefinition,
  FieldKind,
  FieldOption,
  FrameworkDefinition,
  FrameworkId,
  GroupDefinition,
  ShowIfCondition,
  ValueRange,
} from "../../src/model.ts";
import { frameworkIds } from "../../src/model.ts";
import type { SpecificationCatalogueFile } from "../../src/specifications.ts";
import { parseCsv } from "./csv.ts";

export type Schema = Record<string, unknown> & {
  type?: string;
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  enum?: string[];
  nullable?: boolean;
  format?: string;
};

export const frameworkSchemaNames: Record<FrameworkId, string> = {
  sfdr: "SfdrData",
  "eutaxonomy-financials": "EutaxonomyFinancialsData",
  "eutaxonomy-financials-2026-73": "EutaxonomyFinancials202673Data",
  "eutaxonomy-non-financials": "EutaxonomyNonFinancialsData",
  "eutaxonomy-non-financials-2026-73": "EutaxonomyNonFinancials202673Data",
  "nuclear-and-gas": "NuclearAndGasData",
  lksg: "LksgData",
  pcaf: "PcafData",
  vsme: "VsmeData",
};

const frameworkLabels: Record<FrameworkId, string> = {
  sfdr: "SFDR",
  "eutaxonomy-financials": "EU Taxonomy Financials",
  "eutaxonomy-financials-2026-73": "EU Taxonomy Financials (2026/73)",
  "eutaxonomy-non-financials": "EU Taxonomy Non-Financials",
  "eutaxonomy-non-financials-2026-73": "EU Taxonomy Non-Financials (2026/73)",
  "nuclear-and-gas": "EU Taxonomy Nuclear and Gas",
  lksg: "LkSG",
  pcaf: "PCAF",
  vsme: "VSME",
};

/** Where two versions of a framework exist, the regulation each one follows, so users can tell them apart. */
const frameworkRegulations: Partial<Record<FrameworkId, string>> = {
  "eutaxonomy-financials": "Delegated Regulation (EU) 2021/2178",
  "eutaxonomy-financials-2026-73": "Delegated Regulation (EU) 2026/73",
  "eutaxonomy-non-financials": "Delegated Regulation (EU) 2021/2178",
  "eutaxonomy-non-financials-2026-73": "Delegated Regulation (EU) 2026/73",
};

/** The reference's component names (CSV column "Component") and the field kind each becomes. */
export const componentKinds: Record<string, FieldKind> = {
  Percentage: "percentage",
  Number: "decimal",
  Integer: "integer",
  Currency: "currency",
  AmountWithCurrencyComponent: "amountWithCurrency",
  Date: "date",
  "Yes/No": "yesNo",
  "Yes/No/NA": "yesNoNa",
  "Single-Select Radio Button": "singleChoice",
  "Single-Select Dropdown": "singleChoice",
  "Multi-Select Dropdown": "multipleChoice",
  String: "text",
  FreeText: "freeText",
  "ISO2 Codes Multi-Select Dropdown": "countryCodes",
  "NACE codes": "naceCodes",
  "Report Preupload": "referencedReports",
  "Custom EuTaxonomyAssuranceComponent": "assurance",
  "Multiple Documents With Descriptions": "documentsWithDescriptions",
  "Custom EuTaxonomyAlignedActivitiesComponent": "euTaxonomyAlignedActivities",
  "Custom EuTaxonomyNonAlignedActivitiesComponent": "euTaxonomyNonAlignedActivities",
  "Custom NuclearAndGasAlignedDenominatorComponent": "nuclearAndGasAlignedDenominator",
  "Custom NuclearAndGasAlignedNumeratorComponent": "nuclearAndGasAlignedNumerator",
  "Custom NuclearAndGasEligibleButNotAlignedComponent": "nuclearAndGasEligibleButNotAligned",
  "Custom NuclearAndGasNonEligibleComponent": "nuclearAndGasNonEligible",
  "Custom - SFDR High Impact Climate Sectors": "highImpactClimateSectors",
  "LkSG Subcontracting Companies": "subcontractingCompanies",
  "LkSG Production Sites": "productionSites",
  "LkSG Most Important Products": "mostImportantProducts",
  "LkSG Procurement Categories": "procurementCategories",
  "LkSG Risk Position Assessments": "riskPositionAssessments",
  "LkSG Grievance Mechanism Assessment": "grievanceMechanismAssessments",
  "LkSG General Violations Assessments": "generalViolationsAssessments",
  "Vsme Subsidiary": "subsidiaries",
  "Vsme Pollution Emission": "pollutionEmissions",
  "Vsme Site And Area": "sitesAndAreas",
  "Waste Classification Component": "wasteClassifications",
  "Employees Per Country": "employeesPerCountry",
};

const percentageRange: ValueRange = { min: 0, max: 100 };

export interface Reference {
  schemas: Record<string, Schema>;
  /** Field lists of the frameworks the reference describes by CSV; the others by their specification alone. */
  csvRows: Partial<Record<FrameworkId, Record<string, string>[]>>;
  translations: Record<string, { schema: unknown }>;
  specFrameworks: Record<string, { name: string; referencedReportJsonPath?: string | null; schema: unknown }>;
  dataPointTypes: Record<string, ReferenceDataPointType>;
  dataPointBaseTypes: Record<string, { schema: unknown; example: unknown }>;
}

export interface ReferenceDataPointType {
  id: string;
  name: string;
  dataPointBaseTypeId: string;
  frameworkOwnership: string[];
  constraints: string[] | null;
  calculationRules: { inputs: string[]; calculationMethod: string }[];
}

export function readReference(folder: string): Reference {
  const json = (path: string) => JSON.parse(readFileSync(join(folder, path), "utf8"));
  const csvFile = (id: FrameworkId) => join(folder, "frameworks", `${id}.csv`);
  const csvRows = Object.fromEntries(
    frameworkIds
      .filter((id) => existsSync(csvFile(id)))
      .map((id) => [id, parseCsv(readFileSync(csvFile(id), "utf8"))]),
  ) as Partial<Record<FrameworkId, Record<string, string>[]>>;
  return {
    schemas: json("openapi/backend.json").components.schemas,
    csvRows,
    translations: json("specifications/translations.json"),
    specFrameworks: json("specifications/frameworks.json"),
    dataPointTypes: json("specifications/dataPointTypes.json"),
    dataPointBaseTypes: json("specifications/dataPointBaseTypes.json"),
  };
}

export function refName(schema: Schema): string | undefined {
  const ref = schema.$ref ?? schema.allOf?.[0]?.$ref;
  return ref?.split("/").pop();
}

/** Drops the reference's prose (descriptions, examples) so only facts remain. */
export function withoutProse(schema: Schema): Schema {
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "description" || key === "example") continue;
    if (key === "properties") {
      copy.properties = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([name, property]) => [
          name,
          withoutProse(property),
        ]),
      );
    } else if ((key === "items" || key === "additionalProperties") && typeof value === "object") {
      copy[key] = withoutProse(value as Schema);
    } else if (key === "allOf") {
      copy.allOf = (value as Schema[]).map(withoutProse);
    } else {
      copy[key] = value;
    }
  }
  return copy;
}

const dataPointWrapperName = /^(ExtendedDataPoint|BaseDataPoint|CurrencyDataPoint|AssuranceDataPoint)/;

interface Leaf {
  path: string;
  schema: Schema;
  required: boolean;
}

/** Walks the framework's objects down to the fields; objects named after the framework are groups. */
function collectTree(reference: Reference, id: FrameworkId) {
  const rootName = frameworkSchemaNames[id];
  const prefix = rootName.replace(/Data$/, "");
  const groups: GroupDefinition[] = [{ path: "", schemaName: rootName }];
  const leaves: Leaf[] = [];
  const visit = (schemaName: string, path: string) => {
    const schema = reference.schemas[schemaName];
    if (!schema?.properties) throw new Error(`${schemaName} has no properties`);
    for (const [key, property] of Object.entries(schema.properties)) {
      const childPath = path ? `${path}.${key}` : key;
      const required = schema.required?.includes(key) ?? false;
      const name = refName(property);
      const target = name ? reference.schemas[name] : undefined;
      const isGroup =
        name?.startsWith(prefix) &&
        !dataPointWrapperName.test(name) &&
        target?.type === "object" &&
        target.properties;
      if (name && isGroup) {
        groups.push({ path: childPath, schemaName: name, ...(required ? { required } : {}) });
        visit(name, childPath);
      } else {
        leaves.push({ path: childPath, schema: property, required });
      }
    }
  };
  visit(rootName, "");
  return { groups, leaves };
}

export function wireTypeOf(schema: Schema): string {
  const name = refName(schema);
  if (name) return name;
  if (schema.type === "array" && schema.items) return `array<${wireTypeOf(schema.items)}>`;
  if (schema.type === "object" && typeof schema.additionalProperties === "object") {
    return `map<${wireTypeOf(schema.additionalProperties)}>`;
  }
  if (schema.type === "string") return schema.format === "date" ? "date" : "string";
  if (schema.type === "integer") return schema.format === "int32" ? "int32" : "integer";
  if (schema.type === "number") return "number";
  throw new Error(`Unsupported schema ${JSON.stringify(schema)}`);
}

/** Component names a wire type needs, including everything they reference in turn. */
export function referencedComponents(reference: Reference, names: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const pending = [...names];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (found.has(name)) continue;
    const schema = reference.schemas[name];
    if (!schema) throw new Error(`Missing component ${name}`);
    found.add(name);
    for (const match of JSON.stringify(schema).matchAll(/#\/components\/schemas\/(\w+)/g)) {
      if (match[1]) pending.push(match[1]);
    }
  }
  return found;
}

function flattenTree(tree: unknown, prefix = ""): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") result.set(path, value);
    else for (const [childPath, leaf] of flattenTree(value, path)) result.set(childPath, leaf);
  }
  return result;
}

function enumOf(reference: Reference, wire: string): string[] | undefined {
  const inner = /^array<(\w+)>$/.exec(wire)?.[1] ?? wire;
  const schema = reference.schemas[inner];
  if (!schema) return undefined;
  if (schema.enum) return schema.enum;
  const valueRef = schema.properties?.value ? refName(schema.properties.value) : undefined;
  return valueRef ? reference.schemas[valueRef]?.enum : undefined;
}

function wrapperOf(reference: Reference, wire: string): FieldDefinition["wrapper"] {
  const properties = reference.schemas[wire]?.properties;
  if (!properties) return "plain";
  if (properties.quality) return "extended";
  return properties.dataSource ? "document" : "plain";
}

function parseRange(constraints: string[] | null | undefined, csvOptions: string): ValueRange | undefined {
  for (const constraint of constraints ?? []) {
    const between = /^between:(-?[\d.]+),(-?[\d.]+)$/.exec(constraint);
    if (between) return { min: Number(between[1]), max: Number(between[2]) };
    const min = /^min:(-?[\d.]+)$/.exec(constraint);
    if (min) return { min: Number(min[1]) };
  }
  const allowed = /Allowed Range:\s*\[\s*(-?[\d.]+|-?INF)\s*,\s*(-?[\d.]+|INF)\s*\]/.exec(csvOptions);
  if (!allowed) return undefined;
  const range: ValueRange = {};
  if (allowed[1] && !allowed[1].includes("INF")) range.min = Number(allowed[1]);
  if (allowed[2] && allowed[2] !== "INF") range.max = Number(allowed[2]);
  return range;
}

function parseShowIf(dependencyPath: string | undefined, expected: string): ShowIfCondition | undefined {
  if (!dependencyPath) return undefined;
  const atLeast = /^>=\s*(-?[\d.]+)$/.exec(expected);
  return atLeast
    ? { field: dependencyPath, atLeast: Number(atLeast[1]) }
    : { field: dependencyPath, equals: expected };
}

/** Pairs each CSV row with its wire field: by export alias where the reference translates paths, else by order. */
function matchRowsToLeaves(
  reference: Reference,
  id: FrameworkId,
  rows: Record<string, string>[],
  leaves: Leaf[],
) {
  if (rows.length !== leaves.length) {
    throw new Error(`${id}: ${rows.length} CSV rows but ${leaves.length} wire fields`);
  }
  const translation = reference.translations[id];
  if (!translation) return rows.map((row, index) => ({ row, leaf: leaves[index] as Leaf }));
  const pathByAlias = new Map([...flattenTree(translation.schema)].map(([path, alias]) => [alias, path]));
  const leafByPath = new Map(leaves.map((leaf) => [leaf.path, leaf]));
  return rows.map((row) => {
    const alias = (row["Alias Export"] ?? "").trim();
    const leaf = leafByPath.get(pathByAlias.get(alias) ?? "");
    if (!leaf) throw new Error(`${id}: no wire field for export alias ${alias}`);
    return { row, leaf };
  });
}

/** The framework as the reference describes it: by its CSV field list, or else by its specification. */
export function buildFramework(reference: Reference, id: FrameworkId): FrameworkDefinition {
  const rows = reference.csvRows[id];
  return rows ? buildFrameworkFromCsv(reference, id, rows) : buildFrameworkFromSpecification(reference, id);
}

function frameworkHead(id: FrameworkId) {
  const regulation = frameworkRegulations[id];
  return {
    id,
    label: frameworkLabels[id],
    ...(regulation ? { regulation } : {}),
    schemaName: frameworkSchemaNames[id],
  };
}

function buildFrameworkFromCsv(
  reference: Reference,
  id: FrameworkId,
  rows: Record<string, string>[],
): FrameworkDefinition {
  const { groups, leaves } = collectTree(reference, id);
  const pairs = matchRowsToLeaves(reference, id, rows, leaves);
  const pathByRowId = new Map(
    pairs.map(({ row, leaf }) => [(row["Field Identifier"] ?? "").trim(), leaf.path]),
  );
  const dataPointTypeIds = flattenTree(reference.specFrameworks[id]?.schema ?? {});
  const categories: CategoryDefinition[] = [];
  for (const { row, leaf } of pairs) {
    const cell = (name: string) => (row[name] ?? "").trim();
    const component = cell("Component");
    const kind = componentKinds[component];
    if (!kind) throw new Error(`${id}: unknown component "${component}"`);
    const wire = wireTypeOf(leaf.schema);
    const dataPointTypeId = dataPointTypeIds.get(leaf.path);
    const field: FieldDefinition = {
      path: leaf.path,
      label: cell("Field Name"),
      kind,
      wrapper: wrapperOf(reference, wire),
      wire,
    };
    if (leaf.required) field.required = true;
    if (cell("Unit")) field.unit = cell("Unit");
    if (kind === "singleChoice" || kind === "multipleChoice")
      field.options = optionsOf(reference, id, wire, cell);
    const constraints = dataPointTypeId ? reference.dataPointTypes[dataPointTypeId]?.constraints : undefined;
    const range =
      parseRange(constraints, cell("Options")) ??
      (kind === "percentage" && !dataPointTypeId ? percentageRange : undefined);
    if (range) field.range = range;
    const dependency = cell("Dependency") ? pathByRowId.get(cell("Dependency")) : undefined;
    const showIf = parseShowIf(dependency, cell("Show when value is"));
    if (showIf) field.showIf = showIf;
    if (cell("Mandatory Field") === "Yes") field.mandatory = true;
    if (cell("Alias Export")) field.exportAlias = cell("Alias Export");
    if (dataPointTypeId) field.dataPointTypeId = dataPointTypeId;
    subcategoryFor(categories, cell("Category"), cell("Sub-Category")).fields.push(field);
  }
  const referencedReports = pairs.find(({ row }) => row.Component?.trim() === "Report Preupload");
  return {
    ...frameworkHead(id),
    ...(referencedReports ? { referencedReportsPath: referencedReports.leaf.path } : {}),
    groups,
    categories,
  };
}

/** Kinds of the wire types a framework described by its specification uses (no CSV names a component). */
const wireKinds: Record<string, FieldKind> = {
  CurrencyDataPoint: "currency",
  ExtendedDataPointLocalDate: "date",
  ExtendedDataPointYesNo: "yesNo",
  ExtendedDataPointYesNoNa: "yesNoNa",
  AssuranceDataPoint: "assurance",
  "map<CompanyReport>": "referencedReports",
  ExtendedDataPointListEuTaxonomyAlignedActivity: "euTaxonomyAlignedActivities",
  ExtendedDataPointListEuTaxonomyActivity: "euTaxonomyNonAlignedActivities",
  ExtendedDataPointListEuTaxonomyEligibleOrAlignedActivity: "euTaxonomyEligibleOrAlignedActivities",
};

function specifiedKind(
  reference: Reference,
  wire: string,
  range: ValueRange | undefined,
  key: string,
): FieldKind {
  if (wire === "ExtendedDataPointBigDecimal") {
    return /Percent/.test(key) || (range?.min === 0 && range.max === 100) ? "percentage" : "decimal";
  }
  const kind = wireKinds[wire] ?? (enumOf(reference, wire) ? "singleChoice" : undefined);
  if (!kind) throw new Error(`No field kind for the wire type ${wire}`);
  return kind;
}

/** Words of wire keys that read better in their usual spelling. */
const spellings: Record<string, string> = {
  capex: "CapEx",
  opex: "OpEx",
  kpi: "KPI",
  eu: "EU",
  un: "UN",
  oecd: "OECD",
  ilo: "ILO",
};

/** Our label for a wire key: its words, with acronyms and the regulation's number spelt as usual. */
export function labelOfKey(key: string): string {
  const words = humanizeKey(
    key.replace(/([a-zA-Z])(\d)/g, "$1 $2").replace(/ (\d{4})(\d{2})$/, " $1/$2"),
  ).split(" ");
  return words.map((word) => spellings[word.toLowerCase()] ?? word).join(" ");
}

/**
 * Fields whose key loses what the data point type's name says, labelled by that name instead: the key
 * spells Article 7(9) as "Article79", which its words would read as article 79.
 */
const labelledByDataPointType = new Set(["reportsInAccordanceWithArticle79OfRegulationEu202673"]);

/** Group labels where the key's words alone would not read well. */
const groupLabels: Record<string, string> = {
  insuranceReinsurance: "Insurance and reinsurance",
};

/**
 * A framework the reference describes only by its specification (frameworks.json) and wire schema: the
 * wire tree gives paths, groups and types; the data point types give kinds and ranges; the translations
 * give export aliases. Categories are the top-level groups, sub-categories the groups below them.
 */
function buildFrameworkFromSpecification(reference: Reference, id: FrameworkId): FrameworkDefinition {
  const specification = reference.specFrameworks[id];
  if (!specification) throw new Error(`${id}: neither a CSV file nor a specification`);
  const { groups, leaves } = collectTree(reference, id);
  const dataPointTypeIds = flattenTree(specification.schema);
  const aliases = flattenTree(reference.translations[id]?.schema ?? {});
  const groupLabel = (key: string) => groupLabels[key] ?? labelOfKey(key);
  const categories: CategoryDefinition[] = [];
  for (const leaf of leaves) {
    const keys = leaf.path.split(".");
    const key = keys[keys.length - 1] as string;
    const wire = wireTypeOf(leaf.schema);
    const dataPointTypeId = dataPointTypeIds.get(leaf.path);
    const constraints = dataPointTypeId ? reference.dataPointTypes[dataPointTypeId]?.constraints : undefined;
    const constrained = parseRange(constraints, "");
    const kind = specifiedKind(reference, wire, constrained, key);
    const range = constrained ?? (kind === "percentage" ? percentageRange : undefined);
    const alias = aliases.get(leaf.path);
    const typeName = dataPointTypeId ? reference.dataPointTypes[dataPointTypeId]?.name : undefined;
    const field: FieldDefinition = {
      path: leaf.path,
      label: labelledByDataPointType.has(key) && typeName ? typeName : labelOfKey(key),
      kind,
      wrapper: wrapperOf(reference, wire),
      wire,
      ...(leaf.required ? { required: true } : {}),
      ...(kind === "singleChoice" ? { options: enumOptions(reference, wire) } : {}),
      ...(range ? { range } : {}),
      ...(alias ? { exportAlias: alias } : {}),
      ...(dataPointTypeId ? { dataPointTypeId } : {}),
    };
    const category = groupLabel(keys[0] as string);
    const subcategory = keys.length > 2 ? groupLabel(keys[1] as string) : "";
    subcategoryFor(categories, category, subcategory).fields.push(field);
  }
  const referencedReportsPath = specification.referencedReportJsonPath ?? undefined;
  return {
    ...frameworkHead(id),
    ...(referencedReportsPath ? { referencedReportsPath } : {}),
    groups,
    categories,
  };
}

function enumOptions(reference: Reference, wire: string): FieldOption[] {
  return (enumOf(reference, wire) ?? []).map((value) => ({ value, label: labelOfKey(value) }));
}

function optionsOf(
  reference: Reference,
  id: FrameworkId,
  wire: string,
  cell: (name: string) => string,
): FieldOption[] {
  const values = enumOf(reference, wire);
  const labels = cell("Options")
    .split("|")
    .map((label) => label.trim())
    .filter(Boolean);
  if (!values || values.length !== labels.length) {
    throw new Error(`${id}: options of ${cell("Field Name")} do not match the enum of ${wire}`);
  }
  return values.map((value, index) => ({ value, label: labels[index] as string }));
}

function subcategoryFor(categories: CategoryDefinition[], categoryLabel: string, subcategoryLabel: string) {
  let category = categories.find((candidate) => candidate.label === categoryLabel);
  if (!category) {
    category = { label: categoryLabel, subcategories: [] };
    categories.push(category);
  }
  let subcategory = category.subcategories.find((candidate) => candidate.label === subcategoryLabel);
  if (!subcategory) {
    subcategory = { label: subcategoryLabel, fields: [] };
    category.subcategories.push(subcategory);
  }
  return subcategory;
}

/** The non-group components every framework needs: data point wrappers, enums, list items, wrappers. */
export function buildValueTypes(
  reference: Reference,
  frameworks: FrameworkDefinition[],
): Record<string, Schema> {
  const roots = new Set<string>();
  for (const framework of frameworks) {
    for (const category of framework.categories) {
      for (const subcategory of category.subcategories) {
        for (const field of subcategory.fields) {
          for (const match of field.wire.matchAll(/[A-Z]\w*/g)) roots.add(match[0]);
        }
      }
    }
    const groupNames = new Set(framework.groups.map((group) => group.schemaName));
    const wrapper = `DataAndMetaInformation${framework.schemaName}`;
    for (const name of referencedComponents(reference, [wrapper])) {
      if (name !== wrapper && !groupNames.has(name)) roots.add(name);
    }
  }
  const names = [...referencedComponents(reference, roots)].sort();
  return Object.fromEntries(names.map((name) => [name, withoutProse(reference.schemas[name] as Schema)]));
}

const ourFrameworks: readonly string[] = frameworkIds;

export function buildSpecificationCatalogue(reference: Reference): SpecificationCatalogueFile {
  const frameworks = Object.fromEntries(
    Object.entries(reference.specFrameworks)
      .filter(([id]) => ourFrameworks.includes(id))
      .map(([id, spec]) => [
        id,
        {
          name: spec.name,
          ...(spec.referencedReportJsonPath
            ? { referencedReportJsonPath: spec.referencedReportJsonPath }
            : {}),
        },
      ]),
  );
  const dataPointTypes = Object.fromEntries(
    Object.values(reference.dataPointTypes)
      .filter((type) => type.frameworkOwnership.some((owner) => ourFrameworks.includes(owner)))
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((type) => [
        type.id,
        {
          name: type.name,
          baseTypeId: type.dataPointBaseTypeId,
          frameworks: type.frameworkOwnership.filter((owner) => ourFrameworks.includes(owner)),
          ...(type.constraints ? { constraints: type.constraints } : {}),
          ...(type.calculationRules.length > 0 ? { calculationRules: type.calculationRules } : {}),
        },
      ]),
  );
  const usedBaseTypes = new Set(Object.values(dataPointTypes).map((type) => type.baseTypeId));
  const baseTypes = Object.fromEntries(
    Object.entries(reference.dataPointBaseTypes)
      .filter(([id]) => usedBaseTypes.has(id))
      .map(([id, base]) => [id, { schema: base.schema, example: base.example }]),
  );
  return { frameworks, dataPointTypes, baseTypes };
}
