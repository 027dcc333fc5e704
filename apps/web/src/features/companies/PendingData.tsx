import type { FrameworkId } from "@openverde/frameworks";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";

/**
 * A framework card's line where the company has no data yet: the datasets of this framework still
 * waiting for review that the reader may see (their own uploads; reviewers and admins see all, as the
 * server decides), each linked and marked as pending, or the fallback when there are none. One query
 * per company, shared by its framework cards. A card with accepted data shows it too (a newer period
 * may wait for review), as a paragraph of its own that is left out when nothing waits.
 */
export function PendingData({
  companyId,
  frameworkId,
  signedIn,
  fallback,
  className,
}: {
  companyId: string;
  frameworkId: FrameworkId;
  signedIn: boolean;
  fallback: ReactNode;
  className?: string;
}) {
  const api = useApi();
  const pending = useQuery({
    queryKey: ["metadata", "company", companyId, "pending"],
    enabled: signedIn,
    retry: false,
    queryFn: () =>
      unwrap(
        api.backend.GET("/metadata", {
          params: { query: { companyId, showOnlyActive: false, qaStatus: "Pending" } },
        }),
      ),
  });
  const waiting = (pending.data ?? [])
    .filter((meta) => meta.dataType === frameworkId)
    .sort((a, b) => b.reportingPeriod.localeCompare(a.reportingPeriod, undefined, { numeric: true }));
  if (waiting.length === 0) return <>{fallback}</>;
  const list = (
    <>
      <span className="cockpit-chip">Pending</span> Waiting for review:{" "}
      {waiting.map((meta, index) => (
        <span key={meta.dataId}>
          {index > 0 ? ", " : ""}
          <Link to={`/companies/${companyId}/frameworks/${frameworkId}/${meta.dataId}`}>
            {meta.reportingPeriod}
          </Link>
        </span>
      ))}
    </>
  );
  return className ? <p className={className}>{list}</p> : list;
}
