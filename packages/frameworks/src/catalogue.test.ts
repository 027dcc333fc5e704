import { describe, expect, it } from "vitest";
import { fieldByPath, frameworkFields, getFramework, listFrameworks } from "./catalogue.ts";
import { dataTypes, frameworkIds } from "./model.ts";
import { specificationCatalogue } from "./specifications.ts";
import { referencedName, valueType, valueTypes } from "./value-types.ts";
import { parseWireType, type WireType } from "./wire-type.ts";

function componentNames(type: WireType): string[] {
  if (type.kind === "ref") return [type.name];
  if (type.kind === "array") return componentNames(type.items);
  if (type.kind === "map") return componentNames(type.values);
  return [];
}

function enumOfWire(wire: string): string[] | undefined {
  const [name] = componentNames(parseWireType(wire));
  if (!name) return undefined;
  const schema = valueType(name);
  if (schema.enum) return schema.enum;
  const valueRef = schema.properties?.value ? referencedName(schema.properties.value) : undefined;
  return valueRef ? valueType(valueRef).enum : undefined;
}

const expectedFieldCounts = {
  sfdr: 113,
  "eutaxonomy-financials": 237,
  "eutaxonomy-financials-2026-73": 217,
  "eutaxonomy-non-financials": 107,
  "eutaxonomy-non-financials-2026-73": 54,
  "nuclear-and-gas": 15,
  lksg: 224,
  pcaf: 20,
  vsme: 93,
};

describe.each(listFrameworks())("definition of $id", (framework) => {
  const fields = frameworkFields(framework);

  it("has every field of the reference", () => {
    expect(fields).toHaveLength(expectedFieldCounts[framework.id]);
  });

  it("has unique field paths and export aliases", () => {
    expect(new Set(fields.map((field) => field.path)).size).toBe(fields.length);
    const aliases = fields.flatMap((field) => (field.exportAlias ? [field.exportAlias] : []));
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it("places every field under a known group", () => {
    const groups = new Set(framework.groups.map((group) => group.path));
    for (const field of fields) {
      expect(groups, field.path).toContain(field.path.split(".").slice(0, -1).join("."));
    }
  });

  it("uses only known value types", () => {
    for (const field of fields) {
      for (const name of componentNames(parseWireType(field.wire)))
        expect(valueTypes, field.path).toHaveProperty(name);
    }
  });

  it("offers options that are values of the wire enum", () => {
    for (const field of fields.filter((candidate) => candidate.options)) {
      expect(
        field.options?.map((option) => option.value),
        field.path,
      ).toEqual(enumOfWire(field.wire));
      for (const option of field.options ?? []) expect(option.label.trim()).not.toBe("");
    }
  });

  it("has conditions that name real fields and possible answers", () => {
    for (const field of fields) {
      const condition = field.showIf;
      if (!condition) continue;
      const dependency = fieldByPath(framework, condition.field);
      expect(dependency, `${field.path} depends on ${condition.field}`).toBeDefined();
      expect(condition.field).not.toBe(field.path);
      if ("equals" in condition) {
        expect(enumOfWire(dependency?.wire ?? ""), field.path).toContain(condition.equals);
      } else {
        expect(["decimal", "integer", "percentage"]).toContain(dependency?.kind);
      }
    }
  });

  it("has sane ranges and known data point types", () => {
    for (const field of fields) {
      if (field.range?.min !== undefined && field.range.max !== undefined) {
        expect(field.range.min).toBeLessThanOrEqual(field.range.max);
      }
      if (field.dataPointTypeId)
        expect(specificationCatalogue.dataPointTypes).toHaveProperty(field.dataPointTypeId);
    }
  });

  it("has a referenced reports field where the path says", () => {
    const reports = fields.filter((field) => field.kind === "referencedReports");
    expect(reports.map((field) => field.path)).toEqual(
      framework.referencedReportsPath ? [framework.referencedReportsPath] : [],
    );
  });
});

it("lists the nine frameworks in order", () => {
  expect(listFrameworks().map((framework) => framework.id)).toEqual([...frameworkIds]);
});

it("lists the data types of the wire as the reference does, 2026/73 versions included", () => {
  expect(dataTypes).toEqual([
    "sfdr",
    "eutaxonomy-financials",
    "eutaxonomy-financials-2026-73",
    "eutaxonomy-non-financials",
    "eutaxonomy-non-financials-2026-73",
    "nuclear-and-gas",
    "lksg",
    "pcaf",
    "vsme",
  ]);
});

it("names the regulation of each EU taxonomy version, so the two can be told apart", () => {
  const regulations = Object.fromEntries(
    listFrameworks()
      .filter((framework) => framework.regulation)
      .map((framework) => [framework.id, framework.regulation]),
  );
  expect(regulations).toEqual({
    "eutaxonomy-financials": "Delegated Regulation (EU) 2021/2178",
    "eutaxonomy-financials-2026-73": "Delegated Regulation (EU) 2026/73",
    "eutaxonomy-non-financials": "Delegated Regulation (EU) 2021/2178",
    "eutaxonomy-non-financials-2026-73": "Delegated Regulation (EU) 2026/73",
  });
});

it("labels the Article 7(9) statement of the 2026/73 financials as its data point type names it", () => {
  const field = fieldByPath(
    getFramework("eutaxonomy-financials-2026-73"),
    "general.general.reportsInAccordanceWithArticle79OfRegulationEu202673",
  );
  expect(field?.label).toBe("Reports in accordance with Article 7(9) of Regulation (EU) 2026/73");
});
