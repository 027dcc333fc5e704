import { PageFrame } from "../../components/PageFrame";

export function PortfoliosPage() {
  return (
    <PageFrame
      title="My portfolios"
      description="Your portfolios of companies, with the data available for each of them."
    />
  );
}
