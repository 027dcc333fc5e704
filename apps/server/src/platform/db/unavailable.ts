/**
 * Whether an error says that the database could not be reached or did not answer in time, rather
 * than that a statement was wrong: the request may succeed when it is sent again a little later.
 */

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * PostgreSQL's own codes for the same: class 08 (connection exception), a server shutting down or
 * starting (57P01 to 57P03), no connection slot free (53300), a statement cancelled by the
 * statement timeout (57014).
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

/** What the pg driver says when its own timeouts fire or a connection ends under it. */
const DRIVER_MESSAGES = [
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === "string" &&
    (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08"))
  )
    return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}
