import { PageFrame } from "../../components/PageFrame";

export function CompaniesPage() {
  return (
    <PageFrame
      title="Companies"
      description="Search all companies on Openverde by name or identifier, and filter them by framework, country and sector."
    />
  );
}
