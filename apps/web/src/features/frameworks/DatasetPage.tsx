import { PageFrame } from "../../components/PageFrame";

export function DatasetPage() {
  return (
    <PageFrame
      title="Dataset"
      description="One dataset of this company, with each value next to its source and quality status."
    />
  );
}
