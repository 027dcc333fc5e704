/**
 * Validates a framework data object against its definition and reports every problem at once,
 * each with the JSON path of the offending value (e.g. `data.general.general.fiscalYearEnd.value`).
 */
import { frameworkFields, getFramework } from "./catalogue.ts";
import { countryCodes } from "./code-lists/countries.ts";
import { currencyCodes } from "./code-lists/currencies.ts";
import { highImpactClimateSectorKeys, isNaceCode } from "./code-lists/nace.ts";
import { isIsoDate } from "./iso-date.ts";
import type { FieldDefinition, FrameworkDefinition, FrameworkId } from "./model.ts";
import { isValidPage, pageRuleMessage } from "./page-rule.ts";
import { childPath, isPlainObject, valueAtPath } from "./paths.ts";
import { type OpenApiSchema, referencedName, valueType } from "./value-types.ts";
import { parseWireType, type WireType } from "./wire-type.ts";

export interface FrameworkValidationError {
  path: string;
  message: string;
}

type CodeFormat = "currency" | "country" | "naceCodes" | "countryKeys" | "page";

/** Properties of shared value types whose strings follow a code list or rule the schema cannot express. */
const propertyFormatList: [owner: string, property: string, format: CodeFormat][] = [
  ["CurrencyDataPoint", "currency", "currency"],
  ["AmountWithCurrency", "currency", "currency"],
  ["Address", "country", "country"],
  ["VsmeEmployeesPerCountry", "country", "country"],
  ["EuTaxonomyActivity", "naceCodes", "naceCodes"],
  ["EuTaxonomyAlignedActivity", "naceCodes", "naceCodes"],
  ["EuTaxonomyEligibleOrAlignedActivity", "naceCodes", "naceCodes"],
  ["LksgProcurementCategory", "procuredProductTypesAndServicesNaceCodes", "naceCodes"],
  ["LksgProcurementCategory", "numberOfSuppliersPerCountryCode", "countryKeys"],
  ["ExtendedDocumentReference", "page", "page"],
];

/** The same by owner, so checking an object's properties looks its owner up once rather than per key. */
const propertyFormats = new Map<string, Map<string, CodeFormat>>();
for (const [owner, property, format] of propertyFormatList) {
  const formats = propertyFormats.get(owner) ?? new Map<string, CodeFormat>();
  formats.set(property, format);
  propertyFormats.set(owner, formats);
}

const documentReferenceTypes = new Set(["ExtendedDocumentReference"]);

/**
 * A JSON path written out only when an error needs it: almost every value of an upload is valid, and
 * quoting each key of each value as text would cost more than the checks themselves.
 */
class JsonPath {
  constructor(
    private readonly parent: JsonPath | undefined,
    private readonly key: string | number,
  ) {}

  child(key: string | number): JsonPath {
    return new JsonPath(this, key);
  }

  toString(): string {
    return this.parent ? childPath(this.parent.toString(), this.key) : String(this.key);
  }
}

interface DataSource {
  path: JsonPath;
  value: Record<string, unknown>;
}

/**
 * A check of a value that is neither null nor absent (whether it may be is the caller's question),
 * compiled once from a schema or wire type: every upload walks thousands of values, and reading the
 * schemas anew for each (resolving `$ref` by name, looking properties up in the definition objects,
 * whose prototype also answered to names like `constructor`) cost more than the checks themselves.
 */
type Check = (validation: Validation, value: unknown, path: JsonPath) => void;

class Validation {
  readonly errors: FrameworkValidationError[] = [];
  readonly dataSources: DataSource[] = [];
  /** Every error found, also those beyond the limit that are only counted. */
  count = 0;

  /** `maxErrors` bounds what is written out: a body of 400,000 unknown keys is counted, not listed. */
  constructor(private readonly maxErrors: number) {}

  get full(): boolean {
    return this.errors.length >= this.maxErrors;
  }

  fail(path: JsonPath, message: string): void {
    this.count++;
    if (!this.full) this.errors.push({ path: path.toString(), message });
  }

  format(format: CodeFormat | undefined, value: unknown, path: JsonPath): void {
    switch (format) {
      case "currency":
        if (typeof value === "string" && !currencyCodes.has(value))
          this.fail(path, "Unknown ISO 4217 currency code.");
        return;
      case "country":
        if (typeof value === "string" && !countryCodes.has(value)) {
          this.fail(path, "Unknown ISO 3166-1 alpha-2 country code.");
        }
        return;
      case "naceCodes":
        if (!Array.isArray(value)) return;
        value.forEach((code, index) => {
          if (typeof code === "string" && !isNaceCode(code))
            this.fail(path.child(index), "Unknown NACE code.");
        });
        return;
      case "countryKeys":
        if (!isPlainObject(value)) return;
        for (const key of Object.keys(value)) {
          if (!countryCodes.has(key)) this.fail(path.child(key), "Unknown ISO 3166-1 alpha-2 country code.");
        }
        return;
      case "page":
        if (typeof value === "string" && !isValidPage(value)) this.fail(path, pageRuleMessage);
    }
  }
}

/** An own property's value; `object.__proto__` would answer with the prototype instead of the member. */
const ownValue = (object: Record<string, unknown>, key: string): unknown =>
  key === "__proto__" ? Object.getOwnPropertyDescriptor(object, key)?.value : object[key];

/** The same check where null or absent is an error of its own: list items, map values, required fields. */
function nonNull(check: Check): Check {
  return (validation, value, path) => {
    if (value === null || value === undefined) validation.fail(path, "A value is required.");
    else check(validation, value, path);
  };
}

function primitiveCheck(name: string): Check {
  if (name === "string" || name === "date") {
    const isDate = name === "date";
    return (validation, value, path) => {
      if (typeof value !== "string") validation.fail(path, "Expected text.");
      else if (isDate && !isIsoDate(value)) validation.fail(path, "Expected a date in the form YYYY-MM-DD.");
    };
  }
  const whole = name !== "number";
  return (validation, value, path) => {
    if (typeof value !== "number" || !Number.isFinite(value)) validation.fail(path, "Expected a number.");
    else if (whole && !Number.isInteger(value)) validation.fail(path, "Expected a whole number.");
  };
}

function listCheck(item: Check): Check {
  return (validation, value, path) => {
    if (!Array.isArray(value)) {
      validation.fail(path, "Expected a list.");
      return;
    }
    for (let index = 0; index < value.length; index++) item(validation, value[index], path.child(index));
  };
}

function mapCheck(item: Check): Check {
  return (validation, value, path) => {
    if (!isPlainObject(value)) {
      validation.fail(path, "Expected an object.");
      return;
    }
    for (const key of Object.keys(value)) item(validation, ownValue(value, key), path.child(key));
  };
}

const componentChecks = new Map<string, Check>();

/**
 * The check of a shared value type, by name. Its schema is compiled on first use, which also lets
 * value types refer to themselves; a data source is remembered for the report consistency check.
 */
function componentCheck(name: string): Check {
  let check = componentChecks.get(name);
  if (!check) {
    let inner: Check | undefined;
    const isDataSource = documentReferenceTypes.has(name);
    check = (validation, value, path) => {
      inner ??= schemaCheck(valueType(name), name);
      inner(validation, value, path);
      if (isDataSource && isPlainObject(value)) validation.dataSources.push({ path, value });
    };
    componentChecks.set(name, check);
  }
  return check;
}

/** `owner` is the value type the schema belongs to: some of its properties follow a code list. */
function schemaCheck(schema: OpenApiSchema, owner: string): Check {
  const name = referencedName(schema);
  if (name) return componentCheck(name);
  if (schema.enum) {
    const allowed = new Set(schema.enum);
    const message = `Expected one of: ${schema.enum.join(", ")}.`;
    return (validation, value, path) => {
      if (typeof value !== "string" || !allowed.has(value)) validation.fail(path, message);
    };
  }
  switch (schema.type) {
    case "object":
      return objectCheck(schema, owner);
    case "array":
      return listCheck(schema.items ? nonNull(schemaCheck(schema.items, owner)) : () => {});
    case "string": {
      const isDate = schema.format === "date";
      const minLength = schema.minLength ?? 0;
      return (validation, value, path) => {
        if (typeof value !== "string") {
          validation.fail(path, "Expected text.");
          return;
        }
        if (isDate && !isIsoDate(value)) validation.fail(path, "Expected a date in the form YYYY-MM-DD.");
        if (value.length < minLength) validation.fail(path, "Must not be empty.");
      };
    }
    default:
      return primitiveCheck(schema.type === "integer" ? "integer" : "number");
  }
}

interface PropertyCheck {
  check: Check;
  format: CodeFormat | undefined;
}

function objectCheck(schema: OpenApiSchema, owner: string): Check {
  const { additionalProperties } = schema;
  if (typeof additionalProperties === "object") {
    return mapCheck(nonNull(schemaCheck(additionalProperties, owner)));
  }
  const required = schema.required ?? [];
  const formats = propertyFormats.get(owner);
  const properties = new Map<string, PropertyCheck>(
    Object.entries(schema.properties ?? {}).map(([key, property]) => [
      key,
      { check: schemaCheck(property, owner), format: formats?.get(key) },
    ]),
  );
  return (validation, value, path) => {
    if (!isPlainObject(value)) {
      validation.fail(path, "Expected an object.");
      return;
    }
    for (const key of required) {
      if (value[key] === undefined || value[key] === null)
        validation.fail(path.child(key), "A value is required.");
    }
    for (const key of Object.keys(value)) {
      const property = properties.get(key);
      const itemPath = path.child(key);
      if (!property) {
        validation.fail(itemPath, `Unknown field "${key}".`);
        continue;
      }
      const item = value[key];
      if (item === null || item === undefined) continue;
      property.check(validation, item, itemPath);
      if (property.format) validation.format(property.format, item, itemPath);
    }
  };
}

/** The check of a wire type (`ExtendedDataPointBigDecimal`, `array<string>`, `map<...>`, `date`, ...). */
function wireCheck(type: WireType): Check {
  switch (type.kind) {
    case "ref":
      return componentCheck(type.name);
    case "primitive":
      return primitiveCheck(type.name);
    case "array":
      return listCheck(nonNull(wireCheck(type.items)));
    case "map":
      return mapCheck(nonNull(wireCheck(type.values)));
  }
}

/** The value a field's rules apply to: the field itself, or its `value` when it is a wrapped data point. */
function innerValue(
  field: FieldDefinition,
  value: unknown,
  path: JsonPath,
): { value: unknown; path: JsonPath } {
  if (field.wrapper === "plain") return { value, path };
  return { value: isPlainObject(value) ? value.value : undefined, path: path.child("value") };
}

function checkFieldRules(
  validation: Validation,
  field: FieldDefinition,
  value: unknown,
  path: JsonPath,
): void {
  const inner = innerValue(field, value, path);
  const innerPath = inner.path;
  if (typeof inner.value === "number" && field.range) {
    const { min, max } = field.range;
    if (min !== undefined && inner.value < min) validation.fail(innerPath, `Must be at least ${min}.`);
    if (max !== undefined && inner.value > max) validation.fail(innerPath, `Must be at most ${max}.`);
  }
  switch (field.kind) {
    case "countryCodes":
      if (Array.isArray(inner.value)) {
        inner.value.forEach((code, index) => {
          validation.format("country", code, innerPath.child(index));
        });
      }
      return;
    case "naceCodes":
      validation.format("naceCodes", inner.value, innerPath);
      return;
    case "subcontractingCompanies":
      validation.format("countryKeys", inner.value, innerPath);
      if (isPlainObject(inner.value)) {
        for (const [country, codes] of Object.entries(inner.value)) {
          validation.format("naceCodes", codes, innerPath.child(country));
        }
      }
      return;
    case "highImpactClimateSectors":
      if (isPlainObject(inner.value)) {
        for (const key of Object.keys(inner.value)) {
          if (!highImpactClimateSectorKeys.includes(key)) {
            validation.fail(
              innerPath.child(key),
              `Expected one of: ${highImpactClimateSectorKeys.join(", ")}.`,
            );
          }
        }
      }
      return;
  }
}

/** An object on the wire between the data root and the fields: the groups and fields directly inside it. */
interface GroupLayout {
  known: Set<string>;
  groups: { key: string; required: boolean; layout: GroupLayout }[];
  fields: { key: string; field: FieldDefinition; check: Check }[];
}

const parentPath = (path: string): string => path.slice(0, Math.max(path.lastIndexOf("."), 0));
const keyOf = (path: string): string => path.slice(path.lastIndexOf(".") + 1);

/** The nesting of a framework's groups and fields, with the fields' wire types parsed: the same for every upload. */
function groupLayout(framework: FrameworkDefinition): GroupLayout {
  const layouts = new Map<string, GroupLayout>();
  const layoutAt = (path: string): GroupLayout => {
    let layout = layouts.get(path);
    if (!layout) {
      layout = { known: new Set(), groups: [], fields: [] };
      layouts.set(path, layout);
    }
    return layout;
  };
  const root = layoutAt("");
  for (const group of framework.groups) {
    if (group.path === "") continue;
    const key = keyOf(group.path);
    const parent = layoutAt(parentPath(group.path));
    parent.known.add(key);
    parent.groups.push({ key, required: group.required === true, layout: layoutAt(group.path) });
  }
  for (const field of frameworkFields(framework)) {
    const key = keyOf(field.path);
    const parent = layoutAt(parentPath(field.path));
    parent.known.add(key);
    parent.fields.push({ key, field, check: wireCheck(parseWireType(field.wire)) });
  }
  return root;
}

const layouts = new Map<FrameworkId, GroupLayout>();

function layoutOf(framework: FrameworkDefinition): GroupLayout {
  let layout = layouts.get(framework.id);
  if (!layout) {
    layout = groupLayout(framework);
    layouts.set(framework.id, layout);
  }
  return layout;
}

function validateGroup(validation: Validation, layout: GroupLayout, value: unknown, path: JsonPath): void {
  if (!isPlainObject(value)) {
    validation.fail(path, "Expected an object.");
    return;
  }
  for (const key of Object.keys(value)) {
    if (layout.known.has(key)) continue;
    if (validation.full) validation.count++;
    else validation.fail(path.child(key), `Unknown field "${key}".`);
  }
  for (const group of layout.groups) {
    const child = value[group.key];
    if (child === null || child === undefined) {
      if (group.required) validation.fail(path.child(group.key), "A value is required.");
    } else {
      validateGroup(validation, group.layout, child, path.child(group.key));
    }
  }
  for (const { key, field, check } of layout.fields) {
    const child = value[key];
    const childPath = path.child(key);
    if (child === null || child === undefined) {
      if (field.required) validation.fail(childPath, "A value is required.");
      continue;
    }
    const errorsBefore = validation.count;
    check(validation, child, childPath);
    if (validation.count === errorsBefore) checkFieldRules(validation, field, child, childPath);
  }
}

/** Every data source must point at one of the dataset's referenced reports, by name and file reference. */
function checkReportConsistency(validation: Validation, framework: FrameworkDefinition, data: unknown): void {
  if (!framework.referencedReportsPath) return;
  const reportsValue = valueAtPath(data, framework.referencedReportsPath);
  const reports = isPlainObject(reportsValue) ? reportsValue : {};
  const reportReferences = new Set(
    Object.values(reports).map((report) => (isPlainObject(report) ? report.fileReference : undefined)),
  );
  for (const source of validation.dataSources) {
    const { fileName, fileReference } = source.value;
    if (typeof fileName === "string") {
      const report = reports[fileName];
      if (!isPlainObject(report)) {
        validation.fail(
          source.path.child("fileName"),
          `"${fileName}" is not one of the dataset's referenced reports.`,
        );
      } else if (report.fileReference !== fileReference) {
        validation.fail(
          source.path.child("fileReference"),
          `Does not match the file reference of the referenced report "${fileName}".`,
        );
      }
    } else if (!reportReferences.has(fileReference)) {
      validation.fail(
        source.path.child("fileReference"),
        "Is not the file reference of any referenced report.",
      );
    }
  }
}

/** Validates `data` (the framework data object of an upload) and returns every error found; empty means valid. */
export function validateFrameworkData(frameworkId: FrameworkId, data: unknown): FrameworkValidationError[] {
  return validateFrameworkDataWithin(frameworkId, data, Number.POSITIVE_INFINITY).errors;
}

/**
 * The same, listing at most `maxErrors` errors; `total` counts all of them. Listing is what costs:
 * the walk itself stays linear in the size of the data.
 */
export function validateFrameworkDataWithin(
  frameworkId: FrameworkId,
  data: unknown,
  maxErrors: number,
): { errors: FrameworkValidationError[]; total: number } {
  const framework = getFramework(frameworkId);
  const validation = new Validation(maxErrors);
  validateGroup(validation, layoutOf(framework), data, new JsonPath(undefined, "data"));
  checkReportConsistency(validation, framework, data);
  return { errors: validation.errors, total: validation.count };
}

/**
 * Validates the value of one field on its own, as an upload of a whole dataset checks it (its wire type
 * and the field's rules), with paths starting at `root`: the single data points of POST /data-points.
 * What needs the whole dataset (sources pointing at its referenced reports) is left out.
 */
export function validateFieldValueWithin(
  field: FieldDefinition,
  value: unknown,
  root: string,
  maxErrors: number,
): { errors: FrameworkValidationError[]; total: number } {
  const validation = new Validation(maxErrors);
  const path = new JsonPath(undefined, root);
  nonNull(wireCheck(parseWireType(field.wire)))(validation, value, path);
  if (value !== null && value !== undefined && validation.count === 0)
    checkFieldRules(validation, field, value, path);
  return { errors: validation.errors, total: validation.count };
}
