import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap, useApi } from "../../api";
import type { DataRequestPatch } from "./request-model";

/** PATCH /community/requests/{id}, then refresh every list and view of requests. */
export function usePatchRequest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, patch }: { requestId: string; patch: DataRequestPatch }) =>
      unwrap(
        api.community.PATCH("/requests/{dataRequestId}", {
          params: { path: { dataRequestId: requestId } },
          body: patch,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["my-requests"] }),
        queryClient.invalidateQueries({ queryKey: ["request"] }),
        queryClient.invalidateQueries({ queryKey: ["company-requests"] }),
        queryClient.invalidateQueries({ queryKey: ["all-requests"] }),
      ]),
  });
}
