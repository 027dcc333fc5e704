import { toApiError } from "../api/api-error";

/** GET a JSON resource of one of the platform's APIs with the user's bearer token. */
export async function getJson<T>(path: string, accessToken: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: "application/json", Authorization: `Bearer ${accessToken}` },
    });
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : "Unknown error occurred");
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}
