/**
 * Maintainer command: reports every field, option, enum or schema of the committed definitions that
 * differs from the reference folder, and exits non-zero when there is any difference.
 *   npm run frameworks:check -- <path to reference folder>
 */
import { resolve } from "node:path";
import { frameworkFields, listFrameworks } from "../src/catalogue.ts";
import { frameworkOpenApiComponents } from "../src/json-schema.ts";
import { type FrameworkDefinition, frameworkIds } from "../src/model.ts";
import { specificationCatalogue } from "../src/specifications.ts";
import { valueTypes } from "../src/value-types.ts";
import {
  buildFramework,
  buildSpecificationCatalogue,
  buildValueTypes,
  frameworkSchemaNames,
  readReference,
  referencedComponents,
  type Schema,
  withoutProse,
} from "./lib/reference.ts";

function differences(expected: unknown, actual: unknown, path: string): string[] {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const isSet = path.endsWith(".required");
    const left = isSet ? [...expected].sort() : expected;
    const right = isSet ? [...actual].sort() : actual;
    if (left.length !== right.length) {
      return [
        `${path}: reference has ${JSON.stringify(expected)}, definitions have ${JSON.stringify(actual)}`,
      ];
    }
    return left.flatMap((item, index) => differences(item, right[index], `${path}[${index}]`));
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) => {
      if (!(key in actual)) return [`${path}.${key}: missing in the definitions`];
      if (!(key in expected)) return [`${path}.${key}: not in the reference`];
      return differences(expected[key], actual[key], `${path}.${key}`);
    });
  }
  return Object.is(expected, actual)
    ? []
    : [`${path}: reference has ${JSON.stringify(expected)}, definitions have ${JSON.stringify(actual)}`];
}

/** Category and sub-category labels with their field paths, so a moved or missing field is named by path. */
function layout(framework: FrameworkDefinition) {
  return framework.categories.map((category) => ({
    category: category.label,
    subcategories: category.subcategories.map((sub) => ({
      label: sub.label,
      fields: sub.fields.map((f) => f.path),
    })),
  }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: npm run frameworks:check -- <path to the reference folder>");
  process.exit(2);
}
const reference = readReference(resolve(folder));
const report: string[] = [];

// 1. Fields, categories, options, units, conditions and aliases as read from the CSV files and schemas.
const expectedFrameworks = frameworkIds.map((id) => buildFramework(reference, id));
for (const [index, framework] of listFrameworks().entries()) {
  const expected = expectedFrameworks[index] as FrameworkDefinition;
  const { categories: expectedCategories, ...expectedHead } = expected;
  const { categories, ...head } = framework;
  report.push(...differences(expectedHead, head, framework.id));
  report.push(...differences(layout(expected), layout(framework), `${framework.id} layout`));
  const fields = new Map(frameworkFields(framework).map((field) => [field.path, field]));
  for (const field of frameworkFields(expected)) {
    const actual = fields.get(field.path);
    if (actual) report.push(...differences(field, actual, `${framework.id} ${field.path}`));
  }
}
report.push(...differences(buildValueTypes(reference, expectedFrameworks), valueTypes, "value-types"));
report.push(...differences(buildSpecificationCatalogue(reference), specificationCatalogue, "specifications"));

// 2. The published components against the reference's own components, key by key.
const published = frameworkOpenApiComponents();
const roots = Object.values(frameworkSchemaNames).map((name) => `DataAndMetaInformation${name}`);
for (const name of referencedComponents(reference, roots)) {
  const expected = withoutProse(reference.schemas[name] as Schema);
  const actual = published[name];
  if (!actual) report.push(`components.${name}: missing in the published components`);
  else report.push(...differences(expected, actual, `components.${name}`));
}

if (report.length > 0) {
  console.error(report.join("\n"));
  console.error(`\n${report.length} difference(s) from the reference.`);
  process.exit(1);
}
console.log("The framework definitions match the reference.");
