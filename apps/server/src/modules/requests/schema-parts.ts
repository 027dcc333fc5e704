/** Schema pieces both published surfaces of the requests module use. */
import { Type } from "@fastify/type-provider-typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { MAX_BULK_COMBINATIONS } from "./creating";
import { REQUEST_PRIORITIES, type RequestPriority } from "./model";

/** The most items a list in a request body may hold. */
export const LIST_LIMITS = {
  /** The companies, frameworks or periods of a bulk call: with more it would pass its bound of combinations. */
  bulk: MAX_BULK_COMBINATIONS,
  /** The values of any other list (periods asked for, contacts, filter values, documents): far above real use. */
  values: 1_000,
} as const;

/** A string enum written as `enum` (as the reference does), typed as its union. */
export function stringEnum<T extends string>(values: readonly T[], options: Record<string, unknown> = {}) {
  return Type.Unsafe<T>({ type: "string", enum: [...values], ...options });
}

/** The id shown as an example in the published documents. */
export const ID_EXAMPLE = "c9710c7b-9cd6-446b-85b0-3773d2aceb48";

/** The page of a list operation: its size (1 to 10,000, default 100) and its number from 0. */
export const paging = (entries: string) => ({
  chunkSize: Type.Integer({
    format: "int32",
    default: 100,
    minimum: 1,
    maximum: 10000,
    description: `How many ${entries} one page holds (default 100).`,
  }),
  chunkIndex: Type.Integer({
    format: "int32",
    default: 0,
    minimum: 0,
    description: "Which page, counted from 0 (default 0).",
  }),
});

export const timestamp = (description: string) =>
  Type.Integer({ format: "int64", description, example: 1751291891271 });
export const reportingPeriod = () =>
  Type.String({
    description: "The reporting period, a fiscal year.",
    example: "2024",
    maxLength: TEXT_LIMITS.code,
  });

export const RequestPrioritySchema = stringEnum<RequestPriority>(REQUEST_PRIORITIES, {
  $id: "RequestPriority",
  description: "How urgently the data should be sourced.",
});
export const PriorityRef = Type.Unsafe<RequestPriority>(Type.Ref("RequestPriority"));
