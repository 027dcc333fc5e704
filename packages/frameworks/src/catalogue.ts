import eutaxonomyFinancials from "./definitions/eutaxonomy-financials.json" with { type: "json" };
import eutaxonomyFinancials202673 from "./definitions/eutaxonomy-financials-2026-73.json" with {
  type: "json",
};
import eutaxonomyNonFinancials from "./definitions/eutaxonomy-non-financials.json" with { type: "json" };
import eutaxonomyNonFinancials202673 from "./definitions/eutaxonomy-non-financials-2026-73.json" with {
  type: "json",
};
import lksg from "./definitions/lksg.json" with { type: "json" };
import nuclearAndGas from "./definitions/nuclear-and-gas.json" with { type: "json" };
import pcaf from "./definitions/pcaf.json" with { type: "json" };
import sfdr from "./definitions/sfdr.json" with { type: "json" };
import vsme from "./definitions/vsme.json" with { type: "json" };
import type { FieldDefinition, FrameworkDefinition, FrameworkId } from "./model.ts";
import { frameworkIds } from "./model.ts";

// The JSON files are generated from the reference (scripts/generate.ts) and checked by the tests,
// so their shape is trusted here instead of being re-validated at every start.
const definitions: Record<FrameworkId, FrameworkDefinition> = {
  sfdr: sfdr as unknown as FrameworkDefinition,
  "eutaxonomy-financials": eutaxonomyFinancials as unknown as FrameworkDefinition,
  "eutaxonomy-financials-2026-73": eutaxonomyFinancials202673 as unknown as FrameworkDefinition,
  "eutaxonomy-non-financials": eutaxonomyNonFinancials as unknown as FrameworkDefinition,
  "eutaxonomy-non-financials-2026-73": eutaxonomyNonFinancials202673 as unknown as FrameworkDefinition,
  "nuclear-and-gas": nuclearAndGas as unknown as FrameworkDefinition,
  lksg: lksg as unknown as FrameworkDefinition,
  pcaf: pcaf as unknown as FrameworkDefinition,
  vsme: vsme as unknown as FrameworkDefinition,
};

export function isFrameworkId(value: string): value is FrameworkId {
  return (frameworkIds as readonly string[]).includes(value);
}

export function getFramework(id: FrameworkId): FrameworkDefinition {
  return definitions[id];
}

/** Looks a framework up by an untrusted id (e.g. a path parameter). */
export function findFramework(id: string): FrameworkDefinition | undefined {
  return isFrameworkId(id) ? definitions[id] : undefined;
}

export function listFrameworks(): FrameworkDefinition[] {
  return frameworkIds.map((id) => definitions[id]);
}

/** Every field of a framework in display order. */
export function frameworkFields(framework: FrameworkDefinition): FieldDefinition[] {
  return framework.categories.flatMap((category) => category.subcategories.flatMap((sub) => sub.fields));
}

const fieldIndexes = new Map<FrameworkId, Map<string, FieldDefinition>>();

export function fieldByPath(framework: FrameworkDefinition, path: string): FieldDefinition | undefined {
  let index = fieldIndexes.get(framework.id);
  if (!index) {
    index = new Map(frameworkFields(framework).map((field) => [field.path, field]));
    fieldIndexes.set(framework.id, index);
  }
  return index.get(path);
}
