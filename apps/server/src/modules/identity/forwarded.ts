import type { FastifyRequest } from "fastify";

/**
 * The provider runs in koa's proxy mode, reading the client's address, protocol and host from the
 * X-Forwarded-* headers. Before it sees a request, those headers are replaced by what Fastify worked out
 * under TRUST_PROXY, so both count the same client and never take a client's word for it.
 */
export function forwardAsSeen(request: FastifyRequest): void {
  const { headers } = request.raw;
  const { ip, protocol, host } = request;
  headers["x-forwarded-for"] = ip;
  headers["x-forwarded-proto"] = protocol;
  headers["x-forwarded-host"] = host;
}
