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
const propertyFormats: Record<string, CodeFormat> = {
  "CurrencyDataPoint.currency": "currency",
  "AmountWithCurrency.currency": "currency",
  "Address.country": "country",
  "VsmeEmployeesPerCountry.country": "country",
  "EuTaxonomyActivity.naceCodes": "naceCodes",
  "EuTaxonomyAlignedActivity.naceCodes": "naceCodes",
  "LksgProcurementCategory.procuredProductTypesAndServicesNaceCodes": "naceCodes",
  "LksgProcurementCategory.numberOfSuppliersPerCountryCode": "countryKeys",
  "ExtendedDocumentReference.page": "page",
};

const documentReferenceTypes = new Set(["ExtendedDocumentReference"]);

interface DataSource {
  path: string;
  value: Record<string, unknown>;
}

class Validation {
  readonly errors: FrameworkValidationError[] = [];
  readonly dataSources: DataSource[] = [];

  fail(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  /** Checks a value against a wire type; `nullable` says whether null is allowed here. */
  wire(type: WireType, value: unknown, path: string, nullable: boolean): void {
    if (value === null || value === undefined) {
      if (!nullable) this.fail(path, "A value is required.");
      return;
    }
    switch (type.kind) {
      case "ref":
        this.component(type.name, value, path);
        return;
      case "primitive":
        this.primitive(type.name, value, path);
        return;
      case "array":
        if (!Array.isArray(value)) {
          this.fail(path, "Expected a list.");
          return;
        }
        value.forEach((item, index) => {
          this.wire(type.items, item, childPath(path, index), false);
        });
        return;
      case "map":
        if (!isPlainObject(value)) {
          this.fail(path, "Expected an object.");
          return;
        }
        for (const [key, item] of Object.entries(value))
          this.wire(type.values, item, childPath(path, key), false);
    }
  }

  primitive(name: string, value: unknown, path: string): void {
    if (name === "string" || name === "date") {
      if (typeof value !== "string") {
        this.fail(path, "Expected text.");
        return;
      }
      if (name === "date" && !isIsoDate(value)) this.fail(path, "Expected a date in the form YYYY-MM-DD.");
      return;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.fail(path, "Expected a number.");
      return;
    }
    if (name !== "number" && !Number.isInteger(value)) this.fail(path, "Expected a whole number.");
  }

  component(name: string, value: unknown, path: string): void {
    this.schema(valueType(name), value, path, name);
    if (documentReferenceTypes.has(name) && isPlainObject(value)) this.dataSources.push({ path, value });
  }

  schema(schema: OpenApiSchema, value: unknown, path: string, owner: string): void {
    const name = referencedName(schema);
    if (name) {
      this.component(name, value, path);
      return;
    }
    if (schema.enum) {
      if (typeof value !== "string" || !schema.enum.includes(value)) {
        this.fail(path, `Expected one of: ${schema.enum.join(", ")}.`);
      }
      return;
    }
    switch (schema.type) {
      case "object": {
        this.object(schema, value, path, owner);
        return;
      }
      case "array":
        if (!Array.isArray(value)) {
          this.fail(path, "Expected a list.");
          return;
        }
        value.forEach((item, index) => {
          if (schema.items) this.property(schema.items, item, childPath(path, index), owner, false);
        });
        return;
      case "string":
        if (typeof value !== "string") {
          this.fail(path, "Expected text.");
          return;
        }
        if (schema.format === "date" && !isIsoDate(value))
          this.fail(path, "Expected a date in the form YYYY-MM-DD.");
        if (schema.minLength && value.length < schema.minLength) this.fail(path, "Must not be empty.");
        return;
      default:
        this.primitive(schema.type === "integer" ? "integer" : "number", value, path);
    }
  }

  object(schema: OpenApiSchema, value: unknown, path: string, owner: string): void {
    if (!isPlainObject(value)) {
      this.fail(path, "Expected an object.");
      return;
    }
    const { properties, additionalProperties } = schema;
    if (typeof additionalProperties === "object") {
      for (const [key, item] of Object.entries(value)) {
        this.property(additionalProperties, item, childPath(path, key), owner, false);
      }
      return;
    }
    for (const key of schema.required ?? []) {
      if (value[key] === undefined || value[key] === null)
        this.fail(childPath(path, key), "A value is required.");
    }
    for (const [key, item] of Object.entries(value)) {
      const property = properties?.[key];
      const itemPath = childPath(path, key);
      if (!property) {
        this.fail(itemPath, `Unknown field "${key}".`);
        continue;
      }
      if (item === null || item === undefined) continue;
      this.property(property, item, itemPath, owner, true);
      this.format(propertyFormats[`${owner}.${key}`], item, itemPath);
    }
  }

  private property(
    schema: OpenApiSchema,
    value: unknown,
    path: string,
    owner: string,
    nullable: boolean,
  ): void {
    if (value === null || value === undefined) {
      if (!nullable) this.fail(path, "A value is required.");
      return;
    }
    this.schema(schema, value, path, owner);
  }

  format(format: CodeFormat | undefined, value: unknown, path: string): void {
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
            this.fail(childPath(path, index), "Unknown NACE code.");
        });
        return;
      case "countryKeys":
        if (!isPlainObject(value)) return;
        for (const key of Object.keys(value)) {
          if (!countryCodes.has(key))
            this.fail(childPath(path, key), "Unknown ISO 3166-1 alpha-2 country code.");
        }
        return;
      case "page":
        if (typeof value === "string" && !isValidPage(value)) this.fail(path, pageRuleMessage);
    }
  }
}

/** The value a field's rules apply to: the field itself, or its `value` when it is a wrapped data point. */
function innerValue(
  field: FieldDefinition,
  value: unknown,
): { value: unknown; path: (base: string) => string } {
  if (field.wrapper === "plain") return { value, path: (base) => base };
  return { value: isPlainObject(value) ? value.value : undefined, path: (base) => childPath(base, "value") };
}

function checkFieldRules(validation: Validation, field: FieldDefinition, value: unknown, path: string): void {
  const inner = innerValue(field, value);
  const innerPath = inner.path(path);
  if (typeof inner.value === "number" && field.range) {
    const { min, max } = field.range;
    if (min !== undefined && inner.value < min) validation.fail(innerPath, `Must be at least ${min}.`);
    if (max !== undefined && inner.value > max) validation.fail(innerPath, `Must be at most ${max}.`);
  }
  switch (field.kind) {
    case "countryCodes":
      if (Array.isArray(inner.value)) {
        inner.value.forEach((code, index) => {
          validation.format("country", code, childPath(innerPath, index));
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
          validation.format("naceCodes", codes, childPath(innerPath, country));
        }
      }
      return;
    case "highImpactClimateSectors":
      if (isPlainObject(inner.value)) {
        for (const key of Object.keys(inner.value)) {
          if (!highImpactClimateSectorKeys.includes(key)) {
            validation.fail(
              childPath(innerPath, key),
              `Expected one of: ${highImpactClimateSectorKeys.join(", ")}.`,
            );
          }
        }
      }
      return;
  }
}

function parentPath(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? "" : path.slice(0, dot);
}

function validateGroups(validation: Validation, framework: FrameworkDefinition, data: unknown): void {
  const fields = frameworkFields(framework);
  const visitGroup = (groupPath: string, value: unknown, jsonPath: string) => {
    if (!isPlainObject(value)) return validation.fail(jsonPath, "Expected an object.");
    const childGroups = framework.groups.filter(
      (group) => group.path !== "" && parentPath(group.path) === groupPath,
    );
    const childFields = fields.filter((field) => parentPath(field.path) === groupPath);
    const keyOf = (path: string) => path.slice(path.lastIndexOf(".") + 1);
    const known = new Set([
      ...childGroups.map((group) => keyOf(group.path)),
      ...childFields.map((f) => keyOf(f.path)),
    ]);
    for (const key of Object.keys(value)) {
      if (!known.has(key)) validation.fail(childPath(jsonPath, key), `Unknown field "${key}".`);
    }
    for (const group of childGroups) {
      const child = value[keyOf(group.path)];
      const path = childPath(jsonPath, keyOf(group.path));
      if (child === null || child === undefined) {
        if (group.required) validation.fail(path, "A value is required.");
      } else {
        visitGroup(group.path, child, path);
      }
    }
    for (const field of childFields) {
      const child = value[keyOf(field.path)];
      const path = childPath(jsonPath, keyOf(field.path));
      const errorsBefore = validation.errors.length;
      validation.wire(parseWireType(field.wire), child, path, !field.required);
      if (child !== null && child !== undefined && validation.errors.length === errorsBefore) {
        checkFieldRules(validation, field, child, path);
      }
    }
  };
  visitGroup("", data, "data");
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
          childPath(source.path, "fileName"),
          `"${fileName}" is not one of the dataset's referenced reports.`,
        );
      } else if (report.fileReference !== fileReference) {
        validation.fail(
          childPath(source.path, "fileReference"),
          `Does not match the file reference of the referenced report "${fileName}".`,
        );
      }
    } else if (!reportReferences.has(fileReference)) {
      validation.fail(
        childPath(source.path, "fileReference"),
        "Is not the file reference of any referenced report.",
      );
    }
  }
}

/** Validates `data` (the framework data object of an upload) and returns every error found; empty means valid. */
export function validateFrameworkData(frameworkId: FrameworkId, data: unknown): FrameworkValidationError[] {
  const framework = getFramework(frameworkId);
  const validation = new Validation();
  validateGroups(validation, framework, data);
  checkReportConsistency(validation, framework, data);
  return validation.errors;
}
