import { Link } from "react-router";
import { PROXY_NOTE } from "./company-proxies";

/** "Data from <proxy company>, which reports for this company", linking to the proxy company. */
export function ProxyNote({
  proxyCompanyId,
  proxyCompanyName,
  periods,
}: {
  proxyCompanyId: string;
  proxyCompanyName: string;
  /** The reporting periods the proxy's data is shown for, when not all of them. */
  periods?: readonly string[];
}) {
  return (
    <span className="proxy-note">
      Data{periods && periods.length > 0 ? ` for ${periods.join(", ")}` : ""} from{" "}
      <Link to={`/companies/${proxyCompanyId}`}>{proxyCompanyName}</Link>, {PROXY_NOTE}
    </span>
  );
}
