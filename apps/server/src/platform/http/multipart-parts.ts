import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { ApiError, badRequest } from "./errors";

/**
 * What the multipart parser raises while finding the next part. Its own limit errors carry a 4xx
 * status of their own and stay as they are (the routes word them); anything else it throws (no
 * boundary, a boundary longer than it can search for, a cut or garbled body) is the client's doing.
 */
function parserError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) return error;
  const message = error instanceof Error ? error.message.replace(/\.$/, "") : String(error);
  return badRequest(`The multipart body is malformed: ${message}.`, "Invalid multipart body");
}

/**
 * The parts of a multipart request, like `request.parts()`, except that a failure of the parser
 * itself becomes a 400 instead of a 500. Failures of the caller's own work between parts pass
 * through untouched, since they do not come from the iterator.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const iterator = request.parts()[Symbol.asyncIterator]();
  try {
    while (true) {
      let next: IteratorResult<Multipart>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw parserError(error);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}
