/** The API prefixes of the platform; each has its own OpenAPI document and generated types. */
export const API_PREFIXES = [
  "/api",
  "/api-keys",
  "/community",
  "/data-sourcing",
  "/documents",
  "/email",
  "/qa",
  "/users",
  "/specifications",
  "/admin-api",
] as const;

export type ApiPrefix = (typeof API_PREFIXES)[number];

export function apiModuleFileName(prefix: string): string {
  return prefix === "/api" ? "backend" : prefix.slice(1);
}
