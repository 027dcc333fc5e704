/**
 * Yes/no questions to the community API about the signed-in user and a company. They are asked in
 * ways whose "no" is a 200 with an answer, not the 404 of the reference's HEAD checks: a browser logs
 * every 404 as an error, and a "no" is no error.
 */
import type { CompanyRole } from "@openverde/frameworks/access";
import { isUuid } from "@openverde/frameworks/ids";
import { useQuery } from "@tanstack/react-query";
import { unwrap, useApi } from "../../api";
import { getJson } from "../../lib/get-json";
import { useAuth } from "../auth";

/**
 * Whether the signed-in user holds the role at the company; false for visitors and until known.
 * One list of the user's roles at the company answers every role asked there (one request per page),
 * and "no role" is an empty list rather than a HEAD's 404, which the browser logs as an error.
 */
export function useHasCompanyRole(role: CompanyRole, companyId: string | undefined) {
  const { user } = useAuth();
  const api = useApi();
  const userId = user?.sub;
  return useQuery({
    queryKey: ["company-roles", companyId, userId],
    enabled: isUuid(companyId) && isUuid(userId),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      const assignments = await unwrap(
        api.community.GET("/company-role-assignments", {
          params: { query: { companyId: companyId as string, userId: userId as string } },
        }),
      );
      return assignments.map((assignment) => assignment.companyRole);
    },
    select: (roles) => roles.includes(role),
  });
}

/**
 * Whether the company has at least one owner; asked for signed-in users only. The answer comes as a
 * body ("no owner" is a 200), since a HEAD's 404 would show as a failed request in the console.
 */
export function useCompanyHasOwner(companyId: string | undefined) {
  const { status, getAccessToken } = useAuth();
  return useQuery({
    queryKey: ["company-has-owner", companyId],
    enabled: status === "signedIn" && isUuid(companyId),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      const { hasOwner } = await getJson<{ hasOwner: boolean }>(
        `/community/company-ownership/${companyId}`,
        await getAccessToken(),
      );
      return hasOwner;
    },
  });
}
