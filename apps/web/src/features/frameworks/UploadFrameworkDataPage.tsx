import { PageFrame } from "../../components/PageFrame";

export function UploadFrameworkDataPage() {
  return (
    <PageFrame
      title="Upload framework data"
      description="Enter or import the framework data for this company, together with the reports it comes from."
    />
  );
}
