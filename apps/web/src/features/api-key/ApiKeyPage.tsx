import { PageFrame } from "../../components/PageFrame";

export function ApiKeyPage() {
  return (
    <PageFrame
      title="API key"
      description="Create, inspect and revoke the key that lets your own programs use the Openverde API."
    />
  );
}
