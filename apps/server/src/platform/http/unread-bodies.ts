import type { FastifyInstance, FastifyRequest } from "fastify";

/** What a route without a body limit of its own may send: Fastify's server-wide default. */
const FALLBACK_BOUND_BYTES = 1024 * 1024;

/**
 * Reads and throws away what is left of a request body after its answer, up to `maxBytes` more
 * bytes and as long as no pause between two pieces lasts `stallMs`; past either, the connection is
 * dropped. Whoever was reading the body before (the multipart parser) is detached first, since a
 * part nobody reads any more would hold the rest of the body back for good.
 */
function discardRestOfBody(request: FastifyRequest, maxBytes: number, stallMs: number): void {
  const raw = request.raw;
  let received = 0;
  const stop = () => {
    clearTimeout(stall);
    raw.off("data", onData);
  };
  const drop = (reason: string) => {
    stop();
    request.log.info({ bytesDiscarded: received }, reason);
    // Ends the socket too; unlike `raw.socket`, it exists also for requests injected without one.
    raw.destroy();
  };
  const onData = (piece: Buffer) => {
    received += piece.length;
    if (received > maxBytes) drop("dropped the connection: the refused body went on past its limit");
    else stall.refresh();
  };
  const stall = setTimeout(() => drop("dropped the connection: the refused body stalled"), stallMs);
  stall.unref();
  raw.on("data", onData);
  raw.once("end", stop);
  raw.once("close", stop);
  raw.unpipe();
  raw.resume();
}

/**
 * Every answer reaches its client, also one given before the request's body was read (the caller
 * may not upload, the file is not a report, its name breaks the rules, a rate limit). Closing the
 * connection while the client is still sending makes Node's fetch or Python's requests fail with a
 * broken pipe instead of showing the answer, and leaving a half-read body alone stalls it. So the
 * answer goes out on a connection that stays open, and the rest of the body is read and thrown away
 * behind it, up to the route's body limit (`bodyLimit`; uploads set theirs to the largest upload).
 * A body declared larger than that is not read: its answer ends the connection, as does an answer
 * that already says so (a body that stalled, one Fastify's parser refused part-way).
 */
export function registerUnreadBodyDrain(app: FastifyInstance, options: { stallMs: number }): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return payload;
    const bound = request.routeOptions.bodyLimit ?? FALLBACK_BOUND_BYTES;
    const closing = String(reply.getHeader("connection")).toLowerCase() === "close";
    if (closing || Number(request.headers["content-length"]) > bound) {
      reply.header("connection", "close");
      raw.unpipe();
      raw.resume();
    } else {
      discardRestOfBody(request, bound, options.stallMs);
    }
    return payload;
  });
}
