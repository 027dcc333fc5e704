import { describe, expect, it } from "vitest";
import { getFramework } from "./catalogue.ts";
import { isFieldVisible } from "./conditions.ts";
import { exportColumns, exportRow } from "./export-columns.ts";
import { buildFrameworkForm, visibleFieldPaths } from "./form-model.ts";
import { frameworkIds } from "./model.ts";
import { generateCompleteDataset } from "./test-data.ts";
import { buildFrameworkView } from "./view-model.ts";

const vsme = getFramework("vsme");
const lksg = getFramework("lksg");

function field(framework: typeof vsme, path: string) {
  const found = framework.categories
    .flatMap((c) => c.subcategories.flatMap((s) => s.fields))
    .find((f) => f.path === path);
  if (!found) throw new Error(path);
  return found;
}

describe("show-if conditions", () => {
  const fteCount = field(vsme, "basic.workforceGeneralCharacteristics.numberOfEmployeesInFte");
  const payGap = field(vsme, "basic.workforceRenumerationCollectiveBargainingAndTraining.payGap");

  it("shows a field when its dependency has the expected option", () => {
    const data = { basic: { workforceGeneralCharacteristics: { measureEmployees: "FullTimeEquivalents" } } };
    expect(isFieldVisible(vsme, fteCount, data)).toBe(true);
    data.basic.workforceGeneralCharacteristics.measureEmployees = "HeadCount";
    expect(isFieldVisible(vsme, fteCount, data)).toBe(false);
    expect(isFieldVisible(vsme, fteCount, {})).toBe(false);
  });

  it("compares numbers for at-least conditions and hides dependants of hidden fields", () => {
    const data = {
      basic: {
        workforceGeneralCharacteristics: {
          measureEmployees: "FullTimeEquivalents",
          numberOfEmployeesInFte: 150,
        },
      },
    };
    expect(payGap.showIf).toEqual({ field: fteCount.path, atLeast: 150 });
    expect(isFieldVisible(vsme, payGap, data)).toBe(true);
    data.basic.workforceGeneralCharacteristics.numberOfEmployeesInFte = 149;
    expect(isFieldVisible(vsme, payGap, data)).toBe(false);
    data.basic.workforceGeneralCharacteristics.numberOfEmployeesInFte = 500;
    data.basic.workforceGeneralCharacteristics.measureEmployees = "HeadCount";
    expect(isFieldVisible(vsme, payGap, data)).toBe(false);
  });

  it("unwraps data points with a document reference", () => {
    const dependant = lksg.categories
      .flatMap((c) => c.subcategories.flatMap((s) => s.fields))
      .find((f) => f.showIf && field(lksg, f.showIf.field).wrapper === "document");
    if (!dependant?.showIf) throw new Error("expected a condition on a document data point");
    const condition = dependant.showIf;
    const answer = { value: "equals" in condition ? condition.equals : condition.atLeast };
    const data = condition.field.split(".").reduceRight<unknown>((inner, key) => ({ [key]: inner }), answer);
    expect(isFieldVisible(lksg, dependant, data)).toBe(true);
  });

  it("lists the visible form fields for the answers so far", () => {
    expect(visibleFieldPaths("vsme", {})).not.toContain(fteCount.path);
    const data = { basic: { workforceGeneralCharacteristics: { measureEmployees: "FullTimeEquivalents" } } };
    expect(visibleFieldPaths("vsme", data)).toContain(fteCount.path);
  });
});

describe.each(frameworkIds)("models of %s", (id) => {
  const data = generateCompleteDataset(id, 31);

  it("views every field in the definition's sections", () => {
    const view = buildFrameworkView(id, data);
    const rows = view.sections.flatMap((s) => s.subsections.flatMap((sub) => sub.rows));
    const framework = getFramework(id);
    expect(view.sections.map((s) => s.label)).toEqual(framework.categories.map((c) => c.label));
    expect(rows.every((row) => row.display !== null)).toBe(true);
    expect(buildFrameworkView(id, {}, { onlyProvided: true }).sections).toEqual([]);
  });

  it("has a form field for every field, with entry fields for lists", () => {
    const form = buildFrameworkForm(id);
    const fields = form.sections.flatMap((s) => s.subsections.flatMap((sub) => sub.fields));
    expect(fields.map((f) => f.path)).toEqual(exportColumns(id).map((column) => column.path));
    for (const formField of fields.filter((f) => f.kind === "productionSites" || f.kind === "subsidiaries")) {
      expect(formField.entryFields?.length).toBeGreaterThan(0);
    }
  });

  it("exports one cell per column with unique aliases", () => {
    const columns = exportColumns(id);
    expect(new Set(columns.map((column) => column.alias)).size).toBe(columns.length);
    const row = exportRow(id, data);
    expect(Object.keys(row)).toEqual(columns.map((column) => column.alias));
    expect(Object.values(row).every((cell) => cell !== null)).toBe(true);
  });
});

describe("value formatting", () => {
  it("formats units, currencies, options and yes/no answers", () => {
    const data = {
      environmental: {
        greenhouseGasEmissions: { scope1GhgEmissionsInTonnes: { value: 1234.5, quality: "Reported" } },
      },
      social: {
        antiCorruptionAndAntiBribery: {
          totalAmountOfReportedFinesOfBriberyAndCorruption: { value: 10, currency: "EUR" },
        },
      },
      general: { general: { fiscalYearDeviation: { value: "NoDeviation" } } },
    };
    const rows = buildFrameworkView("sfdr", data, { onlyProvided: true }).sections.flatMap((s) =>
      s.subsections.flatMap((sub) => sub.rows),
    );
    expect(rows.map((row) => [row.path.split(".").pop(), row.display])).toEqual([
      ["fiscalYearDeviation", "No Deviation"],
      ["scope1GhgEmissionsInTonnes", "1,234.5 Tonnes"],
      ["totalAmountOfReportedFinesOfBriberyAndCorruption", "10 EUR"],
    ]);
    expect(rows[1]?.quality).toBe("Reported");
  });
});
