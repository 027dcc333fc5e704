import type { Readable } from "node:stream";
import { errorCodes, type FastifyInstance } from "fastify";
import { ApiError } from "./errors";

/**
 * The most members (name-value pairs) a JSON body may hold, and the most one object may hold. The
 * largest framework dataset has a few thousand members and no object of more than a few hundred
 * names; an object of hundreds of thousands of names takes V8 longer to parse, walk and check than
 * any other body of the same size (a 7 MB dataset of 400,000 unknown fields held the server for
 * seconds). Such a body is refused as soon as its bytes show it, before the rest is even read.
 */
export const MAX_JSON_MEMBERS = 100_000;
export const MAX_OBJECT_MEMBERS = 5_000;

type ShapeProblem = "members" | "objectMembers";
const LIMITS = { members: MAX_JSON_MEMBERS, objectMembers: MAX_OBJECT_MEMBERS };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Counts the members of JSON text as its bytes arrive: the colons outside strings, in all and per
 * enclosing object. UTF-8 never uses these ASCII bytes inside a multi-byte character, so the bytes
 * need no decoding, and a string is jumped over at once. Malformed text is left to the parser.
 */
export class JsonShapeScanner {
  private members = 0;
  /** Per open container, the members counted so far; -1 for an array. */
  private readonly open: number[] = [];
  private inString = false;
  /** The last piece ended inside a string on a backslash: the next byte is escaped. */
  private escapeNext = false;

  constructor(private readonly limits: { members: number; objectMembers: number } = LIMITS) {}

  push(bytes: Uint8Array): ShapeProblem | undefined {
    let index = 0;
    if (this.escapeNext) {
      this.escapeNext = false;
      index = 1;
    }
    // The next quote and backslash at or after the index; -1 for none in the rest of the piece. Each
    // is looked for again only once the index has passed it, so the piece is searched once.
    let quote = -2;
    let backslash = -2;
    for (; index < bytes.length; index++) {
      if (this.inString) {
        if (quote !== -1 && quote < index) quote = bytes.indexOf(QUOTE, index);
        if (backslash !== -1 && backslash < index) backslash = bytes.indexOf(BACKSLASH, index);
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          index = backslash + 1;
          if (index >= bytes.length) this.escapeNext = true;
          continue;
        }
        if (quote === -1) return undefined;
        index = quote;
        this.inString = false;
        continue;
      }
      const byte = bytes[index];
      if (byte === QUOTE) this.inString = true;
      else if (byte === OPEN_OBJECT) this.open.push(0);
      else if (byte === OPEN_ARRAY) this.open.push(-1);
      else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) this.open.pop();
      else if (byte === COLON) {
        if (++this.members > this.limits.members) return "members";
        const top = this.open.length - 1;
        const width = this.open[top];
        if (width !== undefined && width >= 0) {
          this.open[top] = width + 1;
          if (width + 1 > this.limits.objectMembers) return "objectMembers";
        }
      }
    }
    return undefined;
  }
}

/** Which limit JSON text breaks, if any. */
export const jsonShapeProblem = (text: string, limits = LIMITS): ShapeProblem | undefined =>
  new JsonShapeScanner(limits).push(Buffer.from(text));

const shapeError = (problem: ShapeProblem, where: string) =>
  new ApiError(
    413,
    "payload-too-large",
    "Payload too large",
    problem === "members"
      ? `${where} has more than ${MAX_JSON_MEMBERS.toLocaleString("en")} fields; no dataset needs that many.`
      : `${where} has an object with more than ${MAX_OBJECT_MEMBERS.toLocaleString("en")} fields; no dataset needs that many.`,
  );

/** Refuses JSON text beyond MAX_JSON_MEMBERS or MAX_OBJECT_MEMBERS; for JSON a handler reads itself. */
export function assertJsonShapeWithinLimits(text: string, where: string): void {
  // Shorter text cannot break either limit: a member takes at least 4 characters (`"":0`) and a separator.
  if (text.length < MAX_OBJECT_MEMBERS * 5) return;
  const problem = jsonShapeProblem(text);
  if (problem) throw shapeError(problem, where);
}

/** Bodies parsed from text that shows they hold no text PostgreSQL cannot store (see plainJsonText). */
const storableBodies = new WeakSet<object>();

/** Whether the JSON body parser found the body's text free of what the input guard looks for. */
export const isParsedAsStorable = (body: unknown): boolean =>
  typeof body === "object" && body !== null && storableBodies.has(body);

/**
 * JSON text in which no key can poison a prototype and no string can hold unstorable text, as seen
 * by looking for three substrings (a few microseconds for a 80 KB upload): `__proto__` and
 * `constructor` can only be keys spelled out in full unless a `\u` escape spells them, and the NUL
 * character and lone surrogates can only come from `\u` escapes too, because JSON text refuses raw
 * control characters in strings and text decoded from UTF-8 holds no lone surrogate. Text with any of
 * them, including a harmless `\u`, goes the careful way.
 */
const plainJsonText = (text: string): boolean =>
  !text.includes("\\u") && !text.includes("__proto__") && !text.includes("constructor");

/**
 * Fastify's own JSON parser (with its prototype-poisoning checks), fed by a reader that watches the
 * shape of the body as it arrives, with Fastify's checks of the body's length. Plain text (above) is
 * parsed by JSON.parse alone: the poisoning checks are two regular-expression scans of the whole
 * text that could not match, and the input guard's walk through every string of the parsed body is
 * spared too. Text JSON.parse refuses goes to Fastify's parser for its error.
 */
export function registerJsonBodyLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", (request, payload: Readable, done) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    const contentLength = Number(request.headers["content-length"]);
    if (contentLength > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    const scanner = new JsonShapeScanner();
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (error: Error) => {
      payload.removeListener("data", onData);
      payload.removeListener("end", onEnd);
      payload.removeListener("error", onError);
      // What is left of the body is read and dropped, so that the connection can carry the answer.
      payload.resume();
      done(error, undefined);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      const problem = scanner.push(chunk);
      if (problem) return stop(shapeError(problem, "The body"));
      chunks.push(chunk);
    };
    const onError = (error: Error & { statusCode?: number }) => {
      if (!(typeof error.statusCode === "number" && error.statusCode >= 400)) error.statusCode = 400;
      stop(error);
    };
    const onEnd = () => {
      payload.removeListener("data", onData);
      payload.removeListener("error", onError);
      if (!Number.isNaN(contentLength) && received !== contentLength) {
        done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), undefined);
        return;
      }
      const text = Buffer.concat(chunks, received).toString("utf8");
      if (plainJsonText(text)) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          parse(request, text, done);
          return;
        }
        if (typeof body === "object" && body !== null) storableBodies.add(body);
        done(null, body);
        return;
      }
      parse(request, text, done);
    };
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
  });
}
