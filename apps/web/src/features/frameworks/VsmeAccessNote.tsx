import { isUuid } from "@openverde/frameworks/ids";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { useAuth } from "../auth";

/**
 * On a VSME period without data the signed-in user may see: whether the company granted them its
 * data of that period through an access request (the community's dataset access check, asked as an
 * answer so that "no" is no failed request), and how to ask for access when it did not.
 */
export function VsmeAccessNote({
  companyId,
  companyName,
  reportingPeriod,
}: {
  companyId: string;
  companyName: string;
  reportingPeriod: string;
}) {
  const { user, status } = useAuth();
  const api = useApi();
  const userId = user?.sub;
  const access = useQuery({
    queryKey: ["dataset-access", companyId, "vsme", reportingPeriod, userId],
    enabled: status === "signedIn" && isUuid(userId) && isUuid(companyId),
    retry: false,
    queryFn: () =>
      unwrap(
        api.community.GET("/requests/dataset-access/{companyId}/{dataType}/{reportingPeriod}/{userId}", {
          params: { path: { companyId, dataType: "vsme", reportingPeriod, userId: userId as string } },
        }),
      ),
  });
  if (!access.data) return null;
  return access.data.hasAccess ? (
    <p>
      {companyName} has granted you access to its VSME data of {reportingPeriod}; it shows here once it is
      uploaded and accepted.
    </p>
  ) : (
    <p>
      {companyName} has not granted you access to its VSME data of {reportingPeriod}.{" "}
      <Link to={`/singledatarequest/${companyId}?dataType=vsme`}>Ask the company for access</Link> with a data
      request; its owners decide.
    </p>
  );
}
