/** Show-if evaluation: whether a field applies, given the other answers of the same dataset. */
import { fieldByPath } from "./catalogue.ts";
import type { FieldDefinition, FrameworkDefinition } from "./model.ts";
import { isPlainObject, valueAtPath } from "./paths.ts";

/** The answer a field holds, unwrapped from its data point (`{ value, ... }`) when it has one. */
export function fieldAnswer(field: FieldDefinition, data: unknown): unknown {
  const raw = valueAtPath(data, field.path);
  if (field.wrapper === "plain") return raw;
  return isPlainObject(raw) ? raw.value : undefined;
}

/** True when the field has no condition, or its condition holds and the field it depends on is visible too. */
export function isFieldVisible(
  framework: FrameworkDefinition,
  field: FieldDefinition,
  data: unknown,
): boolean {
  const condition = field.showIf;
  if (!condition) return true;
  const dependency = fieldByPath(framework, condition.field);
  if (!dependency || !isFieldVisible(framework, dependency, data)) return false;
  const answer = fieldAnswer(dependency, data);
  if ("equals" in condition) return answer === condition.equals;
  return typeof answer === "number" && answer >= condition.atLeast;
}
