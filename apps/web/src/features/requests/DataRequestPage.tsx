import { PageFrame } from "../../components/PageFrame";

export function DataRequestPage() {
  return (
    <PageFrame
      title="Data request"
      description="One data request: what was asked for, its state and its history."
    />
  );
}
