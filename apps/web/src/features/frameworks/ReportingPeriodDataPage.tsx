import { PageFrame } from "../../components/PageFrame";

export function ReportingPeriodDataPage() {
  return (
    <PageFrame
      title="Reporting period"
      description="This company's framework data for one reporting period."
    />
  );
}
