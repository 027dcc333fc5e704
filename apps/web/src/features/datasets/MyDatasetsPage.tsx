import { PageFrame } from "../../components/PageFrame";

export function MyDatasetsPage() {
  return (
    <PageFrame title="My datasets" description="The datasets you have uploaded, with their review status." />
  );
}
