/**
 * The data sourcing view of a request (`/data-sourcing/requests/{id}`): the same request in the
 * vocabulary of the people who find the data (Open, Processing, Processed, Withdrawn). Built against
 * the reference shape; where the sourcing module does not answer, the pages simply leave it out.
 */
import { useQueries, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../api";
import type { TagTone } from "../../components/workflow";
import { getJson } from "../../lib/get-json";
import { useAuth } from "../auth";

export type SourcingState = "Open" | "Processing" | "Processed" | "Withdrawn";

export const sourcingTone: Record<SourcingState, TagTone> = {
  Open: "info",
  Processing: "warning",
  Processed: "success",
  Withdrawn: "neutral",
};

interface SourcingRequest {
  id: string;
  state: SourcingState;
}

async function fetchState(requestId: string, token: string): Promise<SourcingState | null> {
  try {
    const request = await getJson<SourcingRequest>(
      `/data-sourcing/requests/${encodeURIComponent(requestId)}`,
      token,
    );
    return request.state ?? null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

export function useSourcingState(requestId: string | undefined) {
  const { getAccessToken } = useAuth();
  return useQuery({
    queryKey: ["sourcing-state", requestId],
    enabled: requestId !== undefined,
    retry: false,
    staleTime: 30_000,
    queryFn: async () => fetchState(requestId ?? "", await getAccessToken()),
  });
}

/** Sourcing states of several requests at once (one page of the admin list). */
export function useSourcingStates(requestIds: readonly string[]): Map<string, SourcingState | null> {
  const { getAccessToken } = useAuth();
  const results = useQueries({
    queries: requestIds.map((requestId) => ({
      queryKey: ["sourcing-state", requestId],
      retry: false,
      staleTime: 30_000,
      queryFn: async () => fetchState(requestId, await getAccessToken()),
    })),
  });
  const states = new Map<string, SourcingState | null>();
  requestIds.forEach((requestId, index) => {
    const result = results[index];
    if (result?.isSuccess) states.set(requestId, result.data);
  });
  return states;
}
