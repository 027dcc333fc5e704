import { useSearchParams } from "react-router";
import { PageFrame } from "../../components/PageFrame";
import { Alert } from "../../components/workflow";
import { rolesAllow, useAuth } from "../auth";
import { ReviewDataset } from "./ReviewDataset";
import { ReviewQueue } from "./ReviewQueue";
import "./QualityAssurance.css";

/**
 * `/qualityassurance` (tab QA, reviewers): the queue of datasets awaiting review; with `?dataId=` the
 * review of one dataset (kept on the same route, so spec §2's route table stays as it is).
 */
export function QualityAssurancePage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const dataId = params.get("dataId");
  if (!rolesAllow(user, "review"))
    return (
      <PageFrame title="Quality assurance" description="Datasets waiting for review.">
        <Alert tone="warning" title="For reviewers only">
          <p>Reviewing datasets needs the reviewer role. Ask the Openverde team if you should have it.</p>
        </Alert>
      </PageFrame>
    );
  return dataId ? <ReviewDataset dataId={dataId} /> : <ReviewQueue />;
}
