/** Schema pieces both published surfaces of the requests module use. */
import { Type } from "@fastify/type-provider-typebox";
import { REQUEST_PRIORITIES, type RequestPriority } from "./model";

/** A string enum written as `enum` (as the reference does), typed as its union. */
export function stringEnum<T extends string>(values: readonly T[], options: Record<string, unknown> = {}) {
  return Type.Unsafe<T>({ type: "string", enum: [...values], ...options });
}

export const timestamp = (description: string) =>
  Type.Integer({ format: "int64", description, example: 1751291891271 });
export const reportingPeriod = () =>
  Type.String({ description: "The reporting period, a fiscal year.", example: "2024" });

export const RequestPrioritySchema = stringEnum<RequestPriority>(REQUEST_PRIORITIES, {
  $id: "RequestPriority",
  description: "How urgently the data should be sourced.",
});
export const PriorityRef = Type.Unsafe<RequestPriority>(Type.Ref("RequestPriority"));
