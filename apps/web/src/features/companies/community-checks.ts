/**
 * Yes/no questions to the community API, asked with HEAD: 2xx means yes, 404 means no (spec §8),
 * anything else is an error. The generated client has no HEAD operations, so these use fetch.
 */
import type { CompanyRole } from "@openverde/frameworks/access";
import { isUuid } from "@openverde/frameworks/ids";
import { useQuery } from "@tanstack/react-query";
import { toApiError } from "../../api";
import { useAuth } from "../auth";

export async function headAnswer(path: string, accessToken: string): Promise<boolean> {
  const response = await fetch(path, { method: "HEAD", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.ok) return true;
  if (response.status === 404) return false;
  throw toApiError(response.status, undefined);
}

/** Whether the signed-in user holds the role at the company; false for visitors and until known. */
export function useHasCompanyRole(role: CompanyRole, companyId: string | undefined) {
  const { user, getAccessToken } = useAuth();
  const userId = user?.sub;
  return useQuery({
    queryKey: ["company-role", role, companyId, userId],
    enabled: isUuid(companyId) && isUuid(userId),
    staleTime: 60_000,
    retry: false,
    queryFn: async () =>
      headAnswer(
        `/community/company-role-assignments/${role}/${companyId}/${userId}`,
        await getAccessToken(),
      ),
  });
}

/** Whether the company has at least one owner; asked for signed-in users only. */
export function useCompanyHasOwner(companyId: string | undefined) {
  const { status, getAccessToken } = useAuth();
  return useQuery({
    queryKey: ["company-has-owner", companyId],
    enabled: status === "signedIn" && isUuid(companyId),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => headAnswer(`/community/company-ownership/${companyId}`, await getAccessToken()),
  });
}
