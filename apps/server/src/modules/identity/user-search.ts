import { type AnyExecutor, identityTables, selectUserIdsByEmailPart } from "./store";

/** The ids of the users whose e-mail address contains the text, ignoring case; one query. */
export async function userIdsWithEmailContaining(db: AnyExecutor, text: string): Promise<string[]> {
  const needle = text.trim();
  if (needle === "") return [];
  return selectUserIdsByEmailPart(identityTables(db), needle);
}
