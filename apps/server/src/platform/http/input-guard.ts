import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";

/** Enough for any real request; a body with more values than this is not walked to the end. */
const MAX_VISITED = 2_000_000;

/** The first place in the value where a string holds a NUL character, walking without recursion. */
function nulIn(value: unknown, where: string): string | undefined {
  const stack: [unknown, string][] = [[value, where]];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_VISITED) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      if (current.includes("\u0000")) return path;
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) stack.push([current[index], `${path}[${index}]`]);
    } else if (current && typeof current === "object" && !Buffer.isBuffer(current)) {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes("\u0000")) return path;
        stack.push([inner, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store the NUL character in text or jsonb, and no legitimate name, identifier or
 * value holds one: such input is refused for every route with a 400 before it reaches a module, instead
 * of failing in the database as a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const where =
      nulIn(request.params, "path parameter") ??
      nulIn(request.query, "query parameter") ??
      nulIn(request.body, "body");
    if (where)
      throw badRequest(
        `${where} contains the NUL character (U+0000), which is not allowed in text.`,
        "Invalid text",
      );
  });
}
