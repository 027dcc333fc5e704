import { PageFrame } from "../../components/PageFrame";

export function SingleDataRequestPage() {
  return (
    <PageFrame
      title="Request data"
      description="Ask for framework data on this company for the reporting periods you need."
    />
  );
}
