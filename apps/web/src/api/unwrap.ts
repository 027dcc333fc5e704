import { toApiError } from "./api-error";

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Resolves to the data of a successful call and throws an ApiError with the server's explanation
 * otherwise, so TanStack Query sees failures as failures.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (error) {
    throw new Error(error instanceof Error && error.message ? error.message : "Unknown error occurred");
  }
  if (!result.response.ok) throw toApiError(result.response.status, result.error);
  return result.data as T;
}
