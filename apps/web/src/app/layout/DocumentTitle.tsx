import { useEffect } from "react";
import { useRouteHandle } from "../../features/platform-layout/route-handle";

export function DocumentTitle() {
  const title = useRouteHandle("title");
  useEffect(() => {
    document.title = title ? `${title} – Openverde` : "Openverde – open ESG data on companies";
  }, [title]);
  return null;
}
