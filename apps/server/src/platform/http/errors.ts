import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/unavailable";
import { STRICT_HEADERS } from "./security-headers";

export interface ErrorDetails {
  errorType: string;
  summary: string;
  message: string;
  httpStatus: number;
}

export interface ErrorResponse {
  errors: ErrorDetails[];
}

/** An error the client caused or may see; anything else becomes a 500 without details. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorType: string,
    readonly summary: string,
    message: string,
    readonly details: ErrorDetails[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toResponse(): ErrorResponse {
    const own = {
      errorType: this.errorType,
      summary: this.summary,
      message: this.message,
      httpStatus: this.httpStatus,
    };
    return { errors: this.details.length > 0 ? this.details : [own] };
  }
}

export const badRequest = (message: string, summary = "Invalid input") =>
  new ApiError(400, "invalid-input", summary, message);
export const notFound = (message: string, summary = "Not found") =>
  new ApiError(404, "resource-not-found", summary, message);
export const forbidden = (message = "You are not allowed to do this.") =>
  new ApiError(403, "access-denied", "Access denied", message);
export const conflict = (message: string, summary = "Conflict") =>
  new ApiError(409, "conflict", summary, message);
/** Seconds a client is asked to wait before it sends a request again that met a database outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = () =>
  new ApiError(
    503,
    "service-unavailable",
    "Service unavailable",
    `The database cannot be reached at the moment. Try again in ${OUTAGE_RETRY_AFTER_SECONDS} seconds.`,
    [],
    { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS) },
  );
export const unauthorized = (message = "Sign in or send a valid bearer token or API key.") =>
  new ApiError(401, "unauthorized", "Unauthorized", message, [], {
    "www-authenticate": 'Bearer realm="openverde"',
  });

/** Turns a field path of Ajv's like "/data/name" or "body/data/name" into "data.name". */
function fieldName(
  error: { instancePath?: string; params?: Record<string, unknown> },
  context: string,
): string {
  const segments = (error.instancePath ?? "").split("/").filter(Boolean);
  const missing = error.params?.missingProperty ?? error.params?.additionalProperty;
  if (typeof missing === "string") segments.push(missing);
  const path = segments.join(".");
  return path || context;
}

/** The most errors one refused request is told of; one more entry says how many were left out. */
export const MAX_REPORTED_ERRORS = 100;

/** The first MAX_REPORTED_ERRORS details, and, if `total` is more, an entry that says how many more there are. */
export function boundedReport(details: ErrorDetails[], total = details.length): ErrorDetails[] {
  if (total <= MAX_REPORTED_ERRORS) return details;
  const more = total - MAX_REPORTED_ERRORS;
  return [
    ...details.slice(0, MAX_REPORTED_ERRORS),
    {
      errorType: "invalid-input",
      summary: "More errors",
      message: `${more.toLocaleString("en")} more ${more === 1 ? "error is" : "errors are"} not listed; correct the ones above and send the request again.`,
      httpStatus: 400,
    },
  ];
}

function validationErrors(error: FastifyError): ErrorDetails[] {
  const context = error.validationContext ?? "request";
  const issues = error.validation ?? [];
  const details = issues.slice(0, MAX_REPORTED_ERRORS).map((issue): ErrorDetails => {
    const field = fieldName(issue as { instancePath?: string; params?: Record<string, unknown> }, context);
    const where = context === "body" ? field : `${context} ${field}`.trim();
    return {
      errorType: "invalid-input",
      summary: `Invalid ${where}`,
      message: `${where} ${issue.message ?? "is invalid"}.`.replace(
        /^(querystring|params|headers) /,
        "$1 parameter ",
      ),
      httpStatus: 400,
    };
  });
  return boundedReport(details, issues.length);
}

function statusFamily(error: FastifyError): ApiError | undefined {
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  const summary =
    status === 413
      ? "Payload too large"
      : status === 415
        ? "Unsupported media type"
        : status === 429
          ? "Too many requests"
          : "Bad request";
  return new ApiError(status, summary.toLowerCase().replaceAll(" ", "-"), summary, error.message);
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply
    .code(error.httpStatus)
    .headers(error.headers)
    .type("application/json")
    .send(error.toResponse());
}

/** One error format for every module, and no internals in a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // An error thrown by an earlier hook (a refused token) comes before the security headers' hook ran.
    reply.headers(STRICT_HEADERS);
    if (error instanceof ApiError) return sendError(reply, error);
    if (error.validation) {
      const details = validationErrors(error);
      return sendError(reply, new ApiError(400, "invalid-input", "Invalid input", error.message, details));
    }
    const clientError = statusFamily(error);
    if (clientError) return sendError(reply, clientError);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return sendError(reply, serviceUnavailable());
    }
    request.log.error({ err: error }, "request failed");
    return sendError(
      reply,
      new ApiError(
        500,
        "internal-server-error",
        "An internal error occurred",
        `Something went wrong on our side. Quote request id ${request.id} if you report it.`,
      ),
    );
  });
}

export function notFoundResponse(method: string, url: string): ErrorResponse {
  return new ApiError(
    404,
    "route-not-found",
    "Not found",
    `There is no ${method} ${url.split("?")[0]}.`,
  ).toResponse();
}

/**
 * Errors the router raises before any hook runs (a URL that does not decode, a path parameter longer
 * than the router allows): answered in the one error format, too.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  reply.headers(STRICT_HEADERS);
  void sendError(
    reply,
    new ApiError(
      tooLong ? 414 : 400,
      tooLong ? "uri-too-long" : "invalid-url",
      tooLong ? "URI too long" : "Invalid URL",
      tooLong ? "A part of the path is longer than allowed." : "The URL is not valid: it does not decode.",
    ),
  );
}

/**
 * The multipart parser's own complaints (no boundary, a body cut short, a malformed part header) are
 * the client's doing: a 400 instead of a 500. Undefined for anything else.
 */
export function malformedMultipart(error: unknown): ApiError | undefined {
  const message = error instanceof Error ? error.message : "";
  if (!/^Multipart: |unexpected end of multipart data|^Unexpected end of form|^Malformed/i.test(message))
    return undefined;
  return badRequest(`The multipart body is malformed: ${message}.`, "Invalid multipart body");
}
