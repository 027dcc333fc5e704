import { useQuery } from "@tanstack/react-query";
import { unwrap, useApi } from "../../api";

/**
 * Whether a cited document has been removed from the platform (an admin deleted it). The dataset
 * keeps its values and its reference, so its sources say "removed" instead of opening a missing file.
 * One question per document, shared by every source citing it; undefined until answered or when
 * `documentId` is undefined (documents cannot be opened here anyway).
 */
export function useDocumentRemoved(documentId: string | undefined): boolean | undefined {
  const api = useApi();
  const existence = useQuery({
    queryKey: ["document-existence", documentId],
    enabled: documentId !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () =>
      unwrap(
        api.documents.GET("/{documentId}/existence", { params: { path: { documentId: documentId ?? "" } } }),
      ),
  });
  return existence.data ? !existence.data.exists : undefined;
}
