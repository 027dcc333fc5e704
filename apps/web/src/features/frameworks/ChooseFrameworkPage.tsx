import { PageFrame } from "../../components/PageFrame";

export function ChooseFrameworkPage() {
  return (
    <PageFrame
      title="Choose a framework"
      description="Pick the framework of the data you want to upload for this company."
    />
  );
}
