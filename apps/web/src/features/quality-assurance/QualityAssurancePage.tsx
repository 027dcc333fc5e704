import { PageFrame } from "../../components/PageFrame";

export function QualityAssurancePage() {
  return (
    <PageFrame
      title="Quality assurance"
      description="Datasets waiting for review: check them against their sources and accept or reject them."
    />
  );
}
