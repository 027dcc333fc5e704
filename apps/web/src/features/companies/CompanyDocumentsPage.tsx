import { PageFrame } from "../../components/PageFrame";

export function CompanyDocumentsPage() {
  return (
    <PageFrame
      title="Company documents"
      description="The reports and policies of this company that datasets on Openverde are based on."
    />
  );
}
