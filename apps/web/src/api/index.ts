export { ApiError, type ApiErrorDetails, toApiError } from "./api-error";
export type { ApiClients } from "./clients";
export { unwrap } from "./unwrap";
export { useApi } from "./use-api";
