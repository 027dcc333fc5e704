/**
 * Rules of sharing a portfolio without a browser: the readers picked in the share dialog, the check of
 * an e-mail address before it is looked up, and how a shared portfolio is labelled. Tested in
 * sharing-model.test.ts.
 */
import type { components } from "../../api/generated/users";

export type AccessRight = components["schemas"]["PortfolioUserAccessRight"];
export type SharingRecipient = components["schemas"]["SharingRecipient"];

/** A reader as the share dialog lists them: from the access rights (no name) or just looked up. */
export interface PickedReader {
  userId: string;
  email: string;
  name?: string;
}

/** As many readers as the server accepts. */
export const MAX_READERS = 100;

/** The readers of the access rights, in their order (the owner is not one). */
export function readersOf(rights: readonly AccessRight[]): PickedReader[] {
  return rights
    .filter((right) => right.portfolioAccessRole === "Reader")
    .map((right) => ({ userId: right.userId, email: right.userEmail ?? "" }));
}

/** Why the typed address cannot be looked up, or undefined when it can. */
export function addressProblem(
  address: string,
  picked: readonly PickedReader[],
  ownerEmail: string | undefined,
): string | undefined {
  const value = address.trim().toLowerCase();
  if (!value) return "Type the e-mail address of the person to share with.";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return "This is not an e-mail address.";
  if (ownerEmail && value === ownerEmail.toLowerCase()) return "That is you: the portfolio is yours.";
  if (picked.some((reader) => reader.email.toLowerCase() === value)) return "This person has access already.";
  if (picked.length >= MAX_READERS) return `A portfolio can be shared with at most ${MAX_READERS} people.`;
  return undefined;
}

/** The picked readers with the one looked up added at the end, unless they are there already. */
export function addReader(picked: readonly PickedReader[], found: SharingRecipient): PickedReader[] {
  if (picked.some((reader) => reader.userId === found.userId)) return [...picked];
  return [...picked, { userId: found.userId, email: found.userEmail, name: found.userName }];
}

/** How a reader is named in the dialog and its announcements: "Jane Doe (jane@example.com)". */
export function readerLabel(reader: PickedReader): string {
  if (reader.name && reader.email) return `${reader.name} (${reader.email})`;
  return reader.email || reader.name || "A user";
}

/** Whether the picked readers differ from those the portfolio has (order aside). */
export function sharingChanged(picked: readonly PickedReader[], current: readonly string[]): boolean {
  const ids = new Set(picked.map((reader) => reader.userId));
  return ids.size !== current.length || current.some((userId) => !ids.has(userId));
}

/** What a tab of a shared portfolio says under its name: "by Jane Doe". */
export function ownerDetail(ownerName: string | undefined): string | undefined {
  return ownerName ? `by ${ownerName}` : undefined;
}

/** The line under a shared portfolio's name. */
export function sharedByLine(ownerName: string | undefined): string {
  return ownerName ? `Shared with you by ${ownerName}` : "Shared with you";
}
