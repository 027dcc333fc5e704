import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, sendError } from "./errors";

export interface BodyTimeouts {
  /** A body that brings no byte for this long is cut off. */
  stallMs: number;
  /** A body slower than this, averaged over `windowMs`, is cut off; 0 for no minimum. */
  minBytesPerSecond: number;
  windowMs: number;
}

interface Sample {
  at: number;
  bytes: number;
}

const hasBody = (request: FastifyRequest) => {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
};

/**
 * Watches the bytes arriving on the request's connection while its body is read. Node's own request
 * timeout bounds the whole request, which would cut off a large document on a slow but honest link;
 * this asks only that bytes keep coming, at a minimum rate. While the server itself is not reading
 * (the body waits in a full buffer for the database), the client is not to blame and the clock stops.
 */
function watch(request: FastifyRequest, reply: FastifyReply, timeouts: BodyTimeouts): void {
  const raw = request.raw;
  const socket = raw.socket;
  const tickMs = Math.max(50, Math.min(1_000, timeouts.stallMs / 4, timeouts.windowMs / 4));
  const start = performance.now();
  const samples: Sample[] = [{ at: start, bytes: socket.bytesRead }];
  let lastProgress = start;

  const stop = () => clearInterval(timer);
  const cutOff = (message: string) => {
    stop();
    request.log.info({ bytesRead: socket.bytesRead }, message);
    if (reply.sent || raw.destroyed) return;
    // The rest of the body is never read: the connection closes once the answer is out.
    reply.raw.once("finish", () => socket.destroy());
    sendError(
      reply.header("connection", "close"),
      new ApiError(408, "request-timeout", "Request timeout", message),
    );
  };

  const timer = setInterval(() => {
    const now = performance.now();
    const bytes = socket.bytesRead;
    const previous = samples[samples.length - 1] as Sample;
    const serverBehind = raw.readableLength > 0 && raw.readableLength >= raw.readableHighWaterMark;
    if (bytes !== previous.bytes || serverBehind) lastProgress = now;
    if (serverBehind) samples.length = 0;
    samples.push({ at: now, bytes });
    if (now - lastProgress >= timeouts.stallMs) {
      cutOff(`The request body stalled: no byte arrived for ${Math.round(timeouts.stallMs / 1000)} s.`);
      return;
    }
    // The oldest sample at least one window old; all newer ones are kept for the next windows.
    let first = 0;
    while (first + 1 < samples.length && now - (samples[first + 1] as Sample).at >= timeouts.windowMs)
      first++;
    samples.splice(0, first);
    const oldest = samples[0] as Sample;
    const span = now - oldest.at;
    if (timeouts.minBytesPerSecond > 0 && span >= timeouts.windowMs) {
      const rate = ((bytes - oldest.bytes) * 1000) / span;
      if (rate < timeouts.minBytesPerSecond)
        cutOff(
          `The request body arrived at ${Math.round(rate)} bytes per second, below the minimum of ${timeouts.minBytesPerSecond}.`,
        );
    }
  }, tickMs);
  timer.unref();
  raw.once("end", stop);
  raw.once("close", stop);
  reply.raw.once("close", stop);
}

/** Answers a request whose body stalls or trickles with 408 and closes its connection. */
export function registerBodyTimeouts(app: FastifyInstance, timeouts: BodyTimeouts): void {
  app.addHook("onRequest", (request, reply, done) => {
    // An injected request (tests) has no real connection to watch.
    const onConnection = typeof request.raw.socket?.bytesRead === "number";
    if (onConnection && hasBody(request) && !request.raw.complete) watch(request, reply, timeouts);
    done();
  });
}
