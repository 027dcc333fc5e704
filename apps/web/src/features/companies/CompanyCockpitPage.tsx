import { PageFrame } from "../../components/PageFrame";

export function CompanyCockpitPage() {
  return (
    <PageFrame
      title="Company"
      description="Everything Openverde holds on this company: its identifiers, the frameworks with data and the latest reporting periods."
    />
  );
}
