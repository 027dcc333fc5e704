/** The platform's error format: every API answers a failed call with a list of these. */
export interface ApiErrorDetails {
  errorType: string;
  summary: string;
  message: string;
  httpStatus: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: ApiErrorDetails[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

function isErrorBody(body: unknown): body is { errors: ApiErrorDetails[] } {
  return typeof body === "object" && body !== null && Array.isArray((body as { errors?: unknown }).errors);
}

/** Turns a failed response into an ApiError whose message is the server's own explanation. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body) && body.errors.length > 0) {
    const messages = body.errors.map((error) => error.message).join(" ");
    return new ApiError(status, messages, body.errors);
  }
  return new ApiError(status, `Request failed with status code ${status}`);
}
