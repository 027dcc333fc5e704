import { useMemo } from "react";
import { useAuth } from "../features/auth";
import { type ApiClients, createApiClients } from "./clients";

/** The API clients for the current visitor: with their access token when signed in, without otherwise. */
export function useApi(): ApiClients {
  const { status, getAccessToken } = useAuth();
  return useMemo(
    () => createApiClients(status === "signedIn" ? getAccessToken : undefined),
    [status, getAccessToken],
  );
}
