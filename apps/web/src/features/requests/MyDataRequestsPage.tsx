import { PageFrame } from "../../components/PageFrame";

export function MyDataRequestsPage() {
  return (
    <PageFrame
      title="My data requests"
      description="The data you have asked for and where each request stands."
    />
  );
}
