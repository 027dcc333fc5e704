import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors";

/**
 * The most members (name-value pairs) a JSON body may hold, and the most one object may hold. The
 * largest framework dataset has a few thousand members and no object of more than a few hundred
 * names; an object of hundreds of thousands of names takes V8 longer to parse, walk and check than
 * any other body of the same size (a 7 MB dataset of 400,000 unknown fields held the server for
 * seconds), so such a body is refused before it is parsed.
 */
export const MAX_JSON_MEMBERS = 100_000;
export const MAX_OBJECT_MEMBERS = 5_000;

/** Shorter text cannot break either limit: a member takes at least 4 characters (`"":0`) and a separator. */
const SCAN_FROM_LENGTH = MAX_OBJECT_MEMBERS * 5;

const isEscaped = (text: string, quote: number) => {
  let backslashes = 0;
  while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
  return backslashes % 2 === 1;
};

const QUOTE = 34;
const COLON = 58;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

/**
 * Which limit JSON text breaks, if any: counts the colons outside strings (jumping over each string
 * at once), in all and per enclosing object. Malformed text is left to the parser.
 */
export function jsonShapeProblem(
  text: string,
  limits: { members: number; objectMembers: number },
): "members" | "objectMembers" | undefined {
  let members = 0;
  // Per open container, the members counted so far; -1 for an array.
  const open: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      let end = text.indexOf('"', index + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return undefined;
      index = end;
    } else if (code === OPEN_OBJECT) open.push(0);
    else if (code === OPEN_ARRAY) open.push(-1);
    else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) open.pop();
    else if (code === COLON) {
      if (++members > limits.members) return "members";
      const top = open.length - 1;
      const width = open[top];
      if (width !== undefined && width >= 0) {
        open[top] = width + 1;
        if (width + 1 > limits.objectMembers) return "objectMembers";
      }
    }
  }
  return undefined;
}

/** Refuses JSON text beyond MAX_JSON_MEMBERS or MAX_OBJECT_MEMBERS; also for JSON a handler parses itself. */
export function assertJsonShapeWithinLimits(text: string, where: string): void {
  if (text.length < SCAN_FROM_LENGTH) return;
  const problem = jsonShapeProblem(text, { members: MAX_JSON_MEMBERS, objectMembers: MAX_OBJECT_MEMBERS });
  if (!problem) return;
  throw new ApiError(
    413,
    "payload-too-large",
    "Payload too large",
    problem === "members"
      ? `${where} has more than ${MAX_JSON_MEMBERS.toLocaleString("en")} fields; no dataset needs that many.`
      : `${where} has an object with more than ${MAX_OBJECT_MEMBERS.toLocaleString("en")} fields; no dataset needs that many.`,
  );
}

/** Fastify's own JSON parser (with its prototype-poisoning checks), behind the member limit. */
export function registerJsonBodyLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    try {
      assertJsonShapeWithinLimits(text, "The body");
    } catch (error) {
      done(error as ApiError, undefined);
      return;
    }
    parse(request, text, done);
  });
}
