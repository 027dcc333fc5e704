/**
 * The data point type catalogue behind the /specifications module, in the wire shapes of the
 * reference's specifications API. Framework trees are derived from the field definitions; data point
 * types and base types (ids, constraints, calculation rules, schemas) are copied facts.
 */
import { findFramework, frameworkFields, listFrameworks } from "./catalogue.ts";
import catalogueFile from "./definitions/specifications.json" with { type: "json" };
import { frameworkDescriptions } from "./descriptions.ts";
import type { FrameworkDefinition } from "./model.ts";

export interface SpecificationCatalogueFile {
  frameworks: Record<string, { name: string; referencedReportJsonPath?: string }>;
  dataPointTypes: Record<
    string,
    {
      name: string;
      baseTypeId: string;
      frameworks: string[];
      constraints?: string[];
      calculationRules?: CalculationRule[];
    }
  >;
  baseTypes: Record<string, { schema: unknown; example: unknown }>;
}

export const specificationCatalogue = catalogueFile as unknown as SpecificationCatalogueFile;

export interface IdWithRef {
  id: string;
  ref: string;
}

export interface CalculationRule {
  inputs: string[];
  calculationMethod: string;
}

export interface SimpleFrameworkSpecification {
  framework: IdWithRef;
  name: string;
}

export interface FrameworkSpecification extends SimpleFrameworkSpecification {
  businessDefinition: string;
  /** The framework tree (wire path → data point type id), serialised as JSON text as on the wire. */
  schema: string;
  referencedReportJsonPath?: string;
}

export interface DataPointBaseTypeResolvedSchema extends SimpleFrameworkSpecification {
  businessDefinition: string;
  resolvedSchema: Record<string, unknown>;
  referencedReportJsonPath?: string;
}

export interface DataPointTypeSpecification {
  dataPointType: IdWithRef;
  name: string;
  businessDefinition: string;
  dataPointBaseType: IdWithRef;
  usedBy: IdWithRef[];
  constraints?: string[];
  calculationRules: CalculationRule[];
}

export interface DataPointBaseTypeSpecification {
  dataPointBaseType: IdWithRef;
  name: string;
  businessDefinition: string;
  validatedBy: string;
  example: unknown;
  usedBy: IdWithRef[];
}

/** Options for building `ref` links; `baseUrl` is the public origin, e.g. `https://openverde.example`. */
export interface LinkOptions {
  baseUrl?: string;
}

const baseTypeTexts: Record<string, { name: string; definition: string }> = {
  customEnumEuTaxonomyReportingAssurance: {
    name: "Assurance level with source and provider",
    definition:
      "How far an auditor assured the disclosure, with the document it comes from and who assured it.",
  },
  extendedCurrency: {
    name: "Extended currency amount",
    definition: "An amount with its currency, quality, comment and source.",
  },
  extendedDate: { name: "Extended date", definition: "A calendar date with quality, comment and source." },
  extendedDecimal: {
    name: "Extended decimal",
    definition: "A decimal number with quality, comment and source.",
  },
  extendedEnumCompanyExchangeStatus: {
    name: "Extended exchange status",
    definition: "Whether the company is listed, with quality, comment and source.",
  },
  extendedEnumFiscalYearDeviation: {
    name: "Extended fiscal year deviation",
    definition: "Whether the fiscal year differs from the calendar year, with quality, comment and source.",
  },
  extendedEnumPcafMainSector: {
    name: "Extended PCAF sector",
    definition: "The company's main PCAF sector, with quality, comment and source.",
  },
  extendedEnumYesNo: {
    name: "Extended yes/no",
    definition: "A yes or no answer with quality, comment and source.",
  },
  extendedEnumYesNoNa: {
    name: "Extended yes/no/not applicable",
    definition: "A yes, no or not-applicable answer with quality, comment and source.",
  },
  extendedEuTaxonomyAlignedActivitiesComponent: {
    name: "Extended list of aligned activities",
    definition:
      "Taxonomy-aligned activities with their NACE codes, shares and contributions, with quality, comment and source.",
  },
  extendedEuTaxonomyEligibleOrAlignedActivitiesComponent: {
    name: "Extended list of eligible or aligned activities",
    definition:
      "Taxonomy-eligible or aligned activities with their NACE codes, shares and contributions, with quality, comment and source.",
  },
  extendedEuTaxonomyNonAlignedActivitiesComponent: {
    name: "Extended list of non-aligned activities",
    definition:
      "Eligible but not aligned activities with their NACE codes and shares, with quality, comment and source.",
  },
  extendedInteger: {
    name: "Extended integer",
    definition: "A whole number with quality, comment and source.",
  },
  extendedNuclearAndGasAlignedDenominatorComponent: {
    name: "Extended nuclear and gas aligned denominator table",
    definition:
      "Aligned shares per nuclear and gas section in the KPI denominator, with quality, comment and source.",
  },
  extendedNuclearAndGasAlignedNumeratorComponent: {
    name: "Extended nuclear and gas aligned numerator table",
    definition:
      "Aligned shares per nuclear and gas section in the KPI numerator, with quality, comment and source.",
  },
  extendedNuclearAndGasEligibleButNotAlignedComponent: {
    name: "Extended nuclear and gas eligible-not-aligned table",
    definition:
      "Eligible but not aligned shares per nuclear and gas section, with quality, comment and source.",
  },
  extendedNuclearAndGasNonEligibleComponent: {
    name: "Extended nuclear and gas non-eligible table",
    definition: "Non-eligible shares per nuclear and gas section, with quality, comment and source.",
  },
  plainDate: { name: "Date", definition: "A calendar date without further information." },
  plainSfdrHighImpactClimateSectors: {
    name: "Energy consumption per high impact climate sector",
    definition: "Energy consumption figures keyed by NACE section of the high impact climate sectors.",
  },
};

function link(options: LinkOptions | undefined, path: string, id: string): IdWithRef {
  return { id, ref: `${options?.baseUrl ?? ""}/specifications/${path}/${encodeURIComponent(id)}` };
}

function specifiedFramework(id: string): FrameworkDefinition | undefined {
  return Object.hasOwn(specificationCatalogue.frameworks, id) ? findFramework(id) : undefined;
}

/** The framework tree with a value per data point: the data point type id, or what `leaf` makes of it. */
function frameworkTree(
  framework: FrameworkDefinition,
  leaf: (typeId: string) => unknown,
): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const field of frameworkFields(framework)) {
    if (!field.dataPointTypeId) continue;
    const keys = field.path.split(".");
    let node = tree;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1] as string] = leaf(field.dataPointTypeId);
  }
  return tree;
}

/** GET /frameworks */
export function listFrameworkSpecifications(options?: LinkOptions): SimpleFrameworkSpecification[] {
  return listFrameworks()
    .filter((framework) => framework.id in specificationCatalogue.frameworks)
    .map((framework) => ({
      framework: link(options, "frameworks", framework.id),
      name: specificationCatalogue.frameworks[framework.id]?.name ?? framework.label,
    }));
}

// The tree of a framework never changes while the process runs, and building it walks every field.
const schemaTexts = new Map<string, string>();

function schemaText(framework: Parameters<typeof frameworkTree>[0]): string {
  let text = schemaTexts.get(framework.id);
  if (text === undefined) {
    text = JSON.stringify(frameworkTree(framework, (typeId) => typeId));
    schemaTexts.set(framework.id, text);
  }
  return text;
}

/** GET /frameworks/{id}; undefined means 404 (also the answer for HEAD). */
export function getFrameworkSpecification(
  id: string,
  options?: LinkOptions,
): FrameworkSpecification | undefined {
  const framework = specifiedFramework(id);
  const entry = Object.hasOwn(specificationCatalogue.frameworks, id)
    ? specificationCatalogue.frameworks[id]
    : undefined;
  if (!framework || !entry) return undefined;
  return {
    framework: link(options, "frameworks", id),
    name: entry.name,
    businessDefinition: frameworkDescriptions[framework.id],
    schema: schemaText(framework),
    ...(entry.referencedReportJsonPath ? { referencedReportJsonPath: entry.referencedReportJsonPath } : {}),
  };
}

/** GET /frameworks/{id}/resolved-schema: the framework tree with each data point's base type schema in place. */
export function resolvedSchema(
  id: string,
  options?: LinkOptions,
): DataPointBaseTypeResolvedSchema | undefined {
  const specification = getFrameworkSpecification(id, options);
  const framework = specifiedFramework(id);
  if (!specification || !framework) return undefined;
  const { schema: _tree, ...rest } = specification;
  return {
    ...rest,
    resolvedSchema: frameworkTree(framework, (typeId) => {
      const baseTypeId = specificationCatalogue.dataPointTypes[typeId]?.baseTypeId ?? "";
      return structuredClone(specificationCatalogue.baseTypes[baseTypeId]?.schema ?? null);
    }),
  };
}

function fieldUsingType(typeId: string) {
  for (const framework of listFrameworks()) {
    const field = frameworkFields(framework).find((candidate) => candidate.dataPointTypeId === typeId);
    if (field) return { framework, field };
  }
  return undefined;
}

/** GET /data-point-types/{id} */
export function getDataPointType(id: string, options?: LinkOptions): DataPointTypeSpecification | undefined {
  // Ids come from URLs: only the catalogue's own entries count, never what objects inherit ("constructor").
  const type = Object.hasOwn(specificationCatalogue.dataPointTypes, id)
    ? specificationCatalogue.dataPointTypes[id]
    : undefined;
  if (!type) return undefined;
  const usage = fieldUsingType(id);
  const unit = usage?.field.unit ? ` (${usage.field.unit})` : "";
  const businessDefinition = usage
    ? `The reported “${usage.field.label}”${unit} in the ${usage.framework.label} framework.`
    : `The reported “${type.name}”.`;
  return {
    dataPointType: link(options, "data-point-types", id),
    name: type.name,
    businessDefinition,
    dataPointBaseType: link(options, "data-point-base-types", type.baseTypeId),
    usedBy: type.frameworks.map((framework) => link(options, "frameworks", framework)),
    ...(type.constraints ? { constraints: [...type.constraints] } : {}),
    calculationRules: structuredClone(type.calculationRules ?? []),
  };
}

/** GET /data-point-base-types/{id} */
export function getDataPointBaseType(
  id: string,
  options?: LinkOptions,
): DataPointBaseTypeSpecification | undefined {
  const base = Object.hasOwn(specificationCatalogue.baseTypes, id)
    ? specificationCatalogue.baseTypes[id]
    : undefined;
  const validatedBy = dataPointBaseTypeValidatedBy(id);
  if (!base || !validatedBy) return undefined;
  const frameworks = new Set(
    Object.values(specificationCatalogue.dataPointTypes)
      .filter((type) => type.baseTypeId === id)
      .flatMap((type) => type.frameworks),
  );
  return {
    dataPointBaseType: link(options, "data-point-base-types", id),
    name: baseTypeTexts[id]?.name ?? id,
    businessDefinition: baseTypeTexts[id]?.definition ?? id,
    validatedBy,
    example: structuredClone(base.example),
    usedBy: [...frameworks].sort().map((framework) => link(options, "frameworks", framework)),
  };
}

/** GET /data-point-base-types/{id}/validated-by: the name of the validator that checks values of this base type. */
export function dataPointBaseTypeValidatedBy(baseTypeId: string): string | undefined {
  return Object.hasOwn(specificationCatalogue.baseTypes, baseTypeId)
    ? `openverde.frameworks.${baseTypeId}`
    : undefined;
}

/** GET /data-point-types/{id}/validated-by: data point types are validated by their base type's validator. */
export function dataPointTypeValidatedBy(typeId: string): string | undefined {
  const type = Object.hasOwn(specificationCatalogue.dataPointTypes, typeId)
    ? specificationCatalogue.dataPointTypes[typeId]
    : undefined;
  return type ? dataPointBaseTypeValidatedBy(type.baseTypeId) : undefined;
}

/** Ids of the data point types whose values a base type validates. */
export function dataPointTypesValidatedBy(baseTypeId: string): string[] {
  return Object.entries(specificationCatalogue.dataPointTypes)
    .filter(([, type]) => type.baseTypeId === baseTypeId)
    .map(([id]) => id);
}
