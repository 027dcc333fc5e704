/** Query parameters that carry secrets (API keys, codes, tokens) and must never reach a log line. */
const SECRET_PARAMS =
  /([?&](?:apiKey|api_key|code|code_verifier|access_token|refresh_token|id_token_hint|id_token|password|token|session_state)=)[^&#]*/gi;

export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_PARAMS, "$1[redacted]");
}

interface RawRequestLike {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with secrets in the query string masked. */
export function serializeRequest(request: RawRequestLike) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
