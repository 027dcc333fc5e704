import { PageFrame } from "../../components/PageFrame";

export function PreviewPage() {
  return (
    <PageFrame
      title="Data preview"
      description="A look at sample datasets on Openverde, open to everyone without an account."
    />
  );
}
