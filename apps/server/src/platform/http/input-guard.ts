import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";
import { isParsedAsStorable } from "./json-body";

/** Enough for any real request; a body with more values than this is not walked to the end. */
const MAX_VISITED = 2_000_000;

type TextFault = "nul" | "surrogate";

// String.prototype.isWellFormed (Node 20) is not in the ES2023 library the project compiles against.
const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * What keeps a text out of PostgreSQL: the NUL character (not storable in text or jsonb) or a lone
 * UTF-16 surrogate (valid as a JSON escape, but not Unicode: a `json` column refuses it, a text
 * column would silently store U+FFFD instead).
 */
const faultOf = (text: string): TextFault | undefined =>
  text.includes("\u0000") ? "nul" : isWellFormed(text) ? undefined : "surrogate";

/**
 * Whether any string in the value, or any key, is not storable text; walks without recursion and
 * without allocating anything per value, since nearly every request passes.
 */
function containsFault(value: unknown): boolean {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_VISITED) {
    const current = stack.pop();
    if (typeof current === "string") {
      if (faultOf(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current && typeof current === "object" && !Buffer.isBuffer(current)) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (faultOf(key)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The place and kind of the first fault, for the error message of a request that has one. */
function firstFault(value: unknown, where: string): { path: string; fault: TextFault } | undefined {
  const stack: [unknown, string][] = [[value, where]];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_VISITED) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      const fault = faultOf(current);
      if (fault) return { path, fault };
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) stack.push([current[index], `${path}[${index}]`]);
    } else if (current && typeof current === "object" && !Buffer.isBuffer(current)) {
      for (const [key, inner] of Object.entries(current)) {
        const fault = faultOf(key);
        if (fault) return { path, fault };
        stack.push([inner, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

const MESSAGES: Record<TextFault, string> = {
  nul: "contains the NUL character (U+0000), which is not allowed in text",
  surrogate:
    "contains an unpaired UTF-16 surrogate (a \\uD800-\\uDFFF escape without its partner), which is not valid Unicode text",
};

/**
 * Throws the 400 for the first text in the value that PostgreSQL cannot store; `where` names the
 * request part (or a multipart part a handler parsed itself) in the message.
 */
export function assertStorableText(value: unknown, where: string): void {
  if (!containsFault(value)) return;
  const found = firstFault(value, where);
  throw badRequest(
    found
      ? `${found.path} ${MESSAGES[found.fault]}.`
      : `${where} contains text with a NUL character or an unpaired surrogate.`,
    "Invalid text",
  );
}

/**
 * Text PostgreSQL cannot store is refused for every route (JSON and form bodies, query and path
 * parameters) with a 400 before it reaches a module, instead of failing in the database as a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      assertStorableText(request.params, "path parameter");
      assertStorableText(request.query, "query parameter");
      // A JSON body whose text the parser already saw to be storable is not walked again.
      if (!isParsedAsStorable(request.body)) assertStorableText(request.body, "body");
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
