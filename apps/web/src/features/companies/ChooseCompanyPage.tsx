import { PageFrame } from "../../components/PageFrame";

export function ChooseCompanyPage() {
  return (
    <PageFrame
      title="Choose a company"
      description="Pick the company you want to upload framework data for."
    />
  );
}
