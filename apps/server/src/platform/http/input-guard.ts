import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";

/** Enough for any real request; a body with more values than this is not walked to the end. */
const MAX_VISITED = 2_000_000;

const hasNul = (text: string) => text.includes("\u0000");

/**
 * Whether any string in the value, or any key, holds a NUL character; walks without recursion and
 * without allocating anything per value, since nearly every request passes.
 */
function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_VISITED) {
    const current = stack.pop();
    if (typeof current === "string") {
      if (hasNul(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current && typeof current === "object" && !Buffer.isBuffer(current)) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (hasNul(key)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The place of the first NUL character, for the error message of a request that has one. */
function nulPath(value: unknown, where: string): string | undefined {
  const stack: [unknown, string][] = [[value, where]];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_VISITED) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      if (hasNul(current)) return path;
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) stack.push([current[index], `${path}[${index}]`]);
    } else if (current && typeof current === "object" && !Buffer.isBuffer(current)) {
      for (const [key, inner] of Object.entries(current)) {
        if (hasNul(key)) return path;
        stack.push([inner, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

const nulIn = (value: unknown, where: string) =>
  containsNul(value) ? (nulPath(value, where) ?? where) : undefined;

/**
 * PostgreSQL cannot store the NUL character in text or jsonb, and no legitimate name, identifier or
 * value holds one: such input is refused for every route with a 400 before it reaches a module, instead
 * of failing in the database as a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    const where =
      nulIn(request.params, "path parameter") ??
      nulIn(request.query, "query parameter") ??
      nulIn(request.body, "body");
    if (!where) return done();
    done(
      badRequest(
        `${where} contains the NUL character (U+0000), which is not allowed in text.`,
        "Invalid text",
      ),
    );
  });
}
