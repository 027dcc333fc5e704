import { PageFrame } from "../../components/PageFrame";

export function CompanyUsersPage() {
  return (
    <PageFrame
      title="Company users"
      description="The people who act for this company on Openverde, and their roles."
    />
  );
}
