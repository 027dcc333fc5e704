import { AjvCompiler, type BuildCompilerFromPool } from "@fastify/ajv-compiler";
import { registerUuidFormat } from "../ids";

const AJV_OPTIONS = { removeAdditional: false, coerceTypes: "array", strict: false } as const;

/**
 * Up to this many values in a request part, a refused request hears of every problem at once; above
 * it, of the first only. Ajv collects all errors by concatenating each failing item's errors onto
 * the ones before, so its time grows with the square of the number of errors: 200,000 wrong items
 * in an array of a shared schema kept the server busy for two minutes.
 */
export const FULL_REPORT_MAX_VALUES = 5_000;

/** Whether a request part holds more than `limit` values (strings, numbers, arrays, objects); stops counting there. */
export function valueCountAbove(data: unknown, limit: number): boolean {
  const stack: unknown[] = [data];
  let count = 0;
  while (stack.length > 0) {
    const current = stack.pop();
    if (++count > limit) return true;
    if (Array.isArray(current)) {
      if (count + current.length > limit) return true;
      for (const item of current) stack.push(item);
    } else if (current && typeof current === "object" && !Buffer.isBuffer(current)) {
      for (const value of Object.values(current)) stack.push(value);
    }
  }
  return false;
}

/** Where the value sits, so that Ajv can replace a whole coerced request part (a single value made an array). */
type DataContext = { parentData: object; parentDataProperty: string };
type Validate = ((data: unknown, context?: DataContext) => boolean) & {
  errors?: unknown;
  schemaEnv?: unknown;
};
type RouteSchema = { schema: unknown; method: string; url: string; httpPart: string };

/**
 * Fastify's validator factory with a bound on the cost of an error report: every request is
 * checked by a validator that stops at the first error, and only a refused request of at most
 * FULL_REPORT_MAX_VALUES values is checked again for the full list of what is wrong with it.
 * With a validator factory of its own, Fastify no longer lower-cases the property names of header
 * schemas; no route has one, and one added later must name its headers in lower case.
 */
export function boundedValidators(): BuildCompilerFromPool {
  const firstErrorPool = AjvCompiler();
  const allErrorsPool = AjvCompiler();
  return (externalSchemas) => {
    const firstError = firstErrorPool(externalSchemas, {
      customOptions: { ...AJV_OPTIONS, allErrors: false },
      onCreate: registerUuidFormat,
    }) as unknown as (route: RouteSchema) => Validate;
    const allErrors = allErrorsPool(externalSchemas, {
      customOptions: { ...AJV_OPTIONS, allErrors: true },
      onCreate: registerUuidFormat,
    }) as unknown as (route: RouteSchema) => Validate;
    return ((route: RouteSchema) => {
      const quick = firstError(route);
      // Compiled on the first refused request of the route, so a start compiles each schema once.
      let full: Validate | undefined;
      const validate: Validate = (data, context) => {
        if (quick(data, context)) return true;
        if (valueCountAbove(data, FULL_REPORT_MAX_VALUES)) {
          validate.errors = quick.errors;
          return false;
        }
        full ??= allErrors(route);
        full(data, context);
        validate.errors = full.errors;
        return false;
      };
      // Fastify hands the parent of the value only to a validator that carries Ajv's schemaEnv.
      validate.schemaEnv = quick.schemaEnv;
      return validate;
    }) as never;
  };
}
