import { PageFrame } from "../../components/PageFrame";

export function BulkDataRequestPage() {
  return (
    <PageFrame
      title="Data request"
      description="Ask for framework data on many companies at once, by their identifiers."
    />
  );
}
