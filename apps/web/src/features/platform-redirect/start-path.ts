import { getJson } from "../../lib/get-json";

/** After sign-in, people with a portfolio start there; everyone else starts at the company search. */
export async function platformStartPath(accessToken: string): Promise<"/portfolios" | "/companies"> {
  try {
    const names = await getJson<unknown>("/users/portfolios/names", accessToken);
    return Array.isArray(names) && names.length > 0 ? "/portfolios" : "/companies";
  } catch {
    return "/companies";
  }
}
