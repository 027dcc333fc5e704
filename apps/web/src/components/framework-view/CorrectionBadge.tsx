import { useId } from "react";
import { formatDate } from "../../lib/dates";
import "./QaFindingBadge.css";

/**
 * A value a dataset judgement put in place of the uploaded one, as the view marks it: the value in the
 * cell is the corrected one; the mark says what was uploaded, who corrected it, when and why.
 */
export interface CorrectionMark {
  /** The uploaded value as the view writes values (with unit). */
  originalValue: string;
  /** Where the corrected value comes from, in words: "the value of the QA report of Jane Doe". */
  source: string;
  /** The reviewer who finished the judgement, when known. */
  correctedBy?: string;
  /** When the judgement finished, in milliseconds since 1970. */
  correctedAt: number;
  /** The finding's comment or the reviewer's reason. */
  comment: string;
}

/** "Corrected in review by Jane Doe on 26 Nov 2026, taking the value of the QA report of John Roe." */
export function correctionSentence(mark: CorrectionMark): string {
  const by = mark.correctedBy ? ` by ${mark.correctedBy}` : "";
  return `Corrected in review${by} on ${formatDate(mark.correctedAt)}, taking ${mark.source}.`;
}

/**
 * The mark of a corrected value: a "Corrected" tag and the uploaded value beside it; who corrected it,
 * when, from what and why show on hover and on keyboard focus (the tag is focusable), and are the
 * tag's description for screen readers.
 */
export function CorrectionBadge({ mark }: { mark: CorrectionMark }) {
  const detailsId = useId();
  return (
    <span className="fv-qa fv-correction">
      <button type="button" className="fv-tag fv-tag--corrected fv-qa__badge" aria-describedby={detailsId}>
        Corrected
      </button>
      <span className="fv-qa__corrected">
        <span className="fv-meta__key">Uploaded</span> <s>{mark.originalValue}</s>
      </span>
      <span role="tooltip" id={detailsId} className="fv-qa__comment">
        {correctionSentence(mark)}
        {mark.comment ? ` ${mark.comment}` : ""}
      </span>
    </span>
  );
}
