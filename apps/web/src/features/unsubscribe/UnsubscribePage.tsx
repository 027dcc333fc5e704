import { PageFrame } from "../../components/PageFrame";

export function UnsubscribePage() {
  return <PageFrame title="Unsubscribe" description="Stop the e-mails of this subscription." />;
}
