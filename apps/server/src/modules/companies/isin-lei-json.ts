/**
 * Reads a JSON array as its bytes arrive, one element at a time: a mapping of millions of ISINs is far
 * larger than a body the server parses whole (and than MAX_JSON_MEMBERS allows), while each element is
 * small. Element boundaries are the commas and the closing bracket outside strings at the array's own
 * depth; each element's text is parsed by JSON.parse, so what an element may be is JSON's own rule.
 */
import { StringDecoder } from "node:string_decoder";

/** A body that is no JSON array, or an element that is no JSON; `element` counts from 0. */
export class JsonArrayError extends Error {
  constructor(
    message: string,
    readonly element?: number,
  ) {
    super(message);
  }
}

/** The longest element text: a pair of an ISIN and an LEI takes about 50 characters. */
const MAX_ELEMENT_CHARS = 10_000;

export async function* jsonArrayElements(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
): AsyncGenerator<unknown> {
  const decoder = new StringDecoder("utf8");
  let state: "before" | "inside" | "after" = "before";
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = "";
  let index = 0;
  let closed = false;
  const finishElement = (closing: boolean): unknown[] => {
    const text = element.trim();
    element = "";
    // `[]` has no element; any other empty text (`[1,,2]`, `[1,]`) is malformed.
    if (text === "" && closing && index === 0) return [];
    try {
      return [JSON.parse(text)];
    } catch {
      throw new JsonArrayError(`Element ${index} of the array is not JSON.`, index);
    }
  };
  const take = function* (text: string): Generator<unknown> {
    let from = 0;
    for (let at = 0; at < text.length; at++) {
      const char = text[at];
      if (state === "before") {
        if (char === "[") {
          state = "inside";
          from = at + 1;
        } else if (!/\s/.test(char as string)) throw new JsonArrayError("The body must be a JSON array.");
        continue;
      }
      if (state === "after") {
        if (!/\s/.test(char as string))
          throw new JsonArrayError("The body goes on after the end of its array.");
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (char === "\\") escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      else if (char === "[" || char === "{") depth++;
      else if ((char === "]" || char === "}") && depth > 0) depth--;
      else if (depth === 0 && (char === "," || char === "]")) {
        element += text.slice(from, at);
        from = at + 1;
        yield* finishElement(char === "]");
        index++;
        if (char === "]") {
          state = "after";
          closed = true;
        }
      }
    }
    if (state === "inside") {
      element += text.slice(from);
      if (element.length > MAX_ELEMENT_CHARS)
        throw new JsonArrayError(
          `Element ${index} of the array is longer than ${MAX_ELEMENT_CHARS} characters.`,
          index,
        );
    }
  };
  for await (const chunk of source) yield* take(typeof chunk === "string" ? chunk : decoder.write(chunk));
  yield* take(decoder.end());
  if (!closed) throw new JsonArrayError("The body ends before its array does.");
}
