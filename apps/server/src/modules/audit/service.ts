import type { SignedInActor } from "../../platform/auth/actor";
import {
  type AnyExecutor,
  type AuditFilter,
  type AuditRow,
  countAuditEntries,
  insertAuditEntry,
  selectAuditEntries,
} from "./store";

/**
 * Who made a change: a signed-in user, or an operator's command line (no account; the name says
 * which command, e.g. "cli (maria)").
 */
export type AuditActor = SignedInActor | { kind: "operator"; name: string };

export interface AuditChange {
  /** What was done, as `<object>.<verb>`: "user.role-granted", "api-key.revoked", "company.edited". */
  action: string;
  /** The kind of object changed: "user", "company", "dataset", "api-key", ... */
  objectType: string;
  objectId: string;
  /** The object's relevant fields before and after the change (null for a creation or a removal). */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one entry of the audit trail. Call it with the executor of the transaction that makes the
 * change, so that the entry and the change are kept or lost together.
 */
export async function recordAudit(
  executor: AnyExecutor,
  actor: AuditActor,
  change: AuditChange,
): Promise<void> {
  await insertAuditEntry(executor, {
    actorId: actor.kind === "user" ? actor.userId : null,
    actorName: actor.kind === "user" ? actorName(actor) : actor.name,
    action: change.action,
    objectType: change.objectType,
    objectId: change.objectId,
    before: change.before,
    after: change.after,
  });
}

const actorName = (actor: SignedInActor) =>
  actor.name?.trim() ? `${actor.name.trim()} (${actor.username})` : actor.username;

export interface AuditPage {
  entries: AuditRow[];
  totalCount: number;
}

/** One page of the trail, newest first, with how many entries match the filter in all. */
export async function readAuditTrail(
  db: AnyExecutor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditPage> {
  const [entries, totalCount] = await Promise.all([
    selectAuditEntries(db, filter, page),
    countAuditEntries(db, filter),
  ]);
  return { entries, totalCount };
}
