import { PageFrame } from "../../components/PageFrame";

export function FrameworkDataPage() {
  return (
    <PageFrame
      title="Framework data"
      description="The data of this company for one framework, across its reporting periods."
    />
  );
}
