import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../lib/get-json";
import { useAuth } from "../auth";

/** Whether the signed-in user is CompanyOwner of any company; until the answer arrives, no. */
export function useOwnsACompany(): boolean {
  const { user, getAccessToken } = useAuth();
  const userId = user?.sub;
  const { data } = useQuery({
    queryKey: ["company-role-assignments", "CompanyOwner", userId],
    enabled: userId !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => {
      const query = new URLSearchParams({ role: "CompanyOwner", userId: userId ?? "" });
      const assignments = await getJson<unknown>(
        `/community/company-role-assignments?${query}`,
        await getAccessToken(),
      );
      return Array.isArray(assignments) && assignments.length > 0;
    },
  });
  return data ?? false;
}
