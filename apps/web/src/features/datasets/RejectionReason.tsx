import { useQuery } from "@tanstack/react-query";
import { unwrap, useApi } from "../../api";

/**
 * Why the reviewer rejected a dataset: the comment of its current review state
 * (`GET /qa/datasets/{dataId}`, which an uploader may read for their own datasets). Asked only for
 * rejected datasets; says so when the reviewer gave no reason, and nothing while loading or when the
 * review cannot be read.
 */
export function RejectionReason({ dataId, className }: { dataId: string; className?: string }) {
  const api = useApi();
  const review = useQuery({
    queryKey: ["qa-review", dataId, "reason"],
    retry: false,
    staleTime: 60_000,
    queryFn: () => unwrap(api.qa.GET("/datasets/{dataId}", { params: { path: { dataId } } })),
  });
  if (review.data?.qaStatus !== "Rejected") return null;
  const reason = review.data.comment?.trim();
  return (
    <p className={className}>
      <strong>Reason for the rejection:</strong> {reason || "the reviewer gave none."}
    </p>
  );
}
