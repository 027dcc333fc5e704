import { LoadingIndicator } from "../../components/LoadingIndicator";

export function CheckingLoginStatus() {
  return <LoadingIndicator label="Checking Log-In status." />;
}
