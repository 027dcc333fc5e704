import { useId } from "react";
import "./QaFindingBadge.css";

/** A reviewer's finding on one data point, as the dataset's view shows it next to the value. */
export interface QaFinding {
  verdict: "QaAccepted" | "QaRejected" | "QaInconclusive" | "QaNotAttempted";
  comment: string;
  /** The corrected value as the view writes values (with unit), when the reviewer gave one. */
  correctedValue?: string;
  /** The page of the source the corrected value was found on. */
  correctedPage?: string;
  /** When the report was written, in milliseconds since 1970. */
  uploadTime: number;
}

const VERDICT_LABELS: Record<QaFinding["verdict"], string> = {
  QaAccepted: "QA accepted",
  QaRejected: "QA rejected",
  QaInconclusive: "QA inconclusive",
  QaNotAttempted: "QA not attempted",
};

const VERDICT_TONES: Record<QaFinding["verdict"], string> = {
  QaAccepted: "accepted",
  QaRejected: "rejected",
  QaInconclusive: "pending",
  QaNotAttempted: "pending",
};

/**
 * The verdict of a QA report on a data point, with the corrected value where there is one. The
 * reviewer's comment shows on hover and on keyboard focus (the badge is focusable), and is the badge's
 * description for screen readers.
 */
export function QaFindingBadge({ finding }: { finding: QaFinding }) {
  const commentId = useId();
  return (
    <span className="fv-qa">
      <button
        type="button"
        className={`fv-tag fv-tag--${VERDICT_TONES[finding.verdict]} fv-qa__badge`}
        aria-describedby={commentId}
      >
        {VERDICT_LABELS[finding.verdict]}
      </button>
      {finding.correctedValue ? (
        <span className="fv-qa__corrected">
          <span className="fv-meta__key">Corrected</span> {finding.correctedValue}
          {finding.correctedPage ? ` (page ${finding.correctedPage})` : ""}
        </span>
      ) : null}
      <span role="tooltip" id={commentId} className="fv-qa__comment">
        {finding.comment || "The reviewer left no comment."}
      </span>
    </span>
  );
}
