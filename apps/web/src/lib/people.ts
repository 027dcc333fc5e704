/**
 * What a page shows for a person whose account was deleted. What they uploaded, asked for or wrote
 * stays, and the API then names nobody (no name, no e-mail address): the page says "Deleted user"
 * instead of an empty cell or the bare id of an account that no longer exists.
 */
export const DELETED_USER = "Deleted user";

/** The person's name or address as given, or "Deleted user" when there is none. */
export function personOrDeletedUser(label: string | null | undefined): string {
  const text = label?.trim();
  return text ? text : DELETED_USER;
}
