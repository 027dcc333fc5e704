import { PageFrame } from "../../components/PageFrame";

export function CompanyRequestsPage() {
  return (
    <PageFrame
      title="Data requests for my companies"
      description="Requests for data on the companies you own, so you can answer them first-hand."
    />
  );
}
