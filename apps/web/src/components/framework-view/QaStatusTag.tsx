import { readableEnum } from "./structured-value";

/** A dataset's review status as a coloured tag. */
export function QaStatusTag({ status }: { status: string }) {
  const tone = status === "Accepted" ? "accepted" : status === "Rejected" ? "rejected" : "pending";
  return <span className={`fv-tag fv-tag--${tone}`}>{readableEnum(status)}</span>;
}
