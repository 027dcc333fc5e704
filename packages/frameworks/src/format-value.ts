/** Formats a field's answer for reading (views, exports); null when there is nothing to show. */
import type { FieldDefinition } from "./model.ts";
import { isPlainObject } from "./paths.ts";

const numberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

const yesNoLabels: Record<string, string> = { Yes: "Yes", No: "No", NA: "N/A" };

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * `answer` is the unwrapped value (see `fieldAnswer`); `currency` is the currency of a wrapped
 * currency data point, when there is one.
 */
export function formatFieldValue(field: FieldDefinition, answer: unknown, currency?: string): string | null {
  if (answer === null || answer === undefined) return null;
  if (typeof answer === "number") {
    const number = formatNumber(answer);
    if (field.kind === "percentage") return `${number} %`;
    if (field.kind === "currency" && currency) return `${number} ${currency}`;
    return field.unit ? `${number} ${field.unit}` : number;
  }
  if (typeof answer === "string") {
    const option = field.options?.find((candidate) => candidate.value === answer);
    if (option) return option.label;
    if (field.kind === "yesNo" || field.kind === "yesNoNa") return yesNoLabels[answer] ?? answer;
    return answer;
  }
  if (Array.isArray(answer)) {
    if (answer.every((item) => typeof item === "string")) {
      return answer
        .map((item) => field.options?.find((option) => option.value === item)?.label ?? item)
        .join(", ");
    }
    return answer.length === 1 ? "1 entry" : `${answer.length} entries`;
  }
  if (isPlainObject(answer)) {
    if (field.kind === "amountWithCurrency" && typeof answer.amount === "number") {
      return `${formatNumber(answer.amount)}${typeof answer.currency === "string" ? ` ${answer.currency}` : ""}`;
    }
    if (field.kind === "referencedReports") return Object.keys(answer).join(", ");
    const count = Object.keys(answer).length;
    return count === 1 ? "1 entry" : `${count} entries`;
  }
  return String(answer);
}
