import { PageFrame } from "../../components/PageFrame";

export function RequestOverviewPage() {
  return (
    <PageFrame
      title="All data requests"
      description="Every data request on the platform, to prioritise them and follow them through to delivery."
    />
  );
}
