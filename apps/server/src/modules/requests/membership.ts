/**
 * What membership changes about data requests (docs/permissions.md, "Members"): a member's bulk
 * request may cover more combinations than the free limit, and requests stored for a member get High
 * priority instead of Baseline. A member holds ROLE_PREMIUM_USER, given directly or inherited from a
 * company with the right Member (the actor of each request carries the inherited roles already).
 */
import { FREE_BULK_COMBINATIONS, realmRolesAllow } from "@openverde/frameworks/access";
import type { SignedInActor } from "../../platform/auth/actor";
import { rolesAllow } from "../../platform/auth/policy";
import { forbidden } from "../../platform/http/errors";
import type { RequestPriority } from "./model";
import { getUserById, inheritedRealmRoles } from "./neighbours";
import type { AnyExecutor } from "./store";

/** Refuses a bulk request beyond the free limit unless the actor is a member or an admin. */
export function checkFreeBulkLimit(actor: SignedInActor, combinations: number): void {
  const beyondFree = rolesAllow(actor, "member") || rolesAllow(actor, "administer");
  if (combinations > FREE_BULK_COMBINATIONS && !beyondFree)
    throw forbidden(
      `Without membership one bulk request covers at most ${FREE_BULK_COMBINATIONS} combinations of company, framework and period; this one has ${combinations}. Split it, or ask for membership (Companies page).`,
    );
}

/** The priority a new request of this requester gets: High for members, Baseline for everyone else. */
export async function priorityFor(
  db: AnyExecutor,
  actor: SignedInActor,
  requesterId: string,
): Promise<RequestPriority> {
  if (requesterId === actor.userId) return rolesAllow(actor, "member") ? "High" : "Baseline";
  // An admin asking in someone's name: the requester's own roles count, stored and inherited.
  const stored = (await getUserById(db, requesterId))?.roles ?? [];
  const roles = [...stored, ...(await inheritedRealmRoles(db, requesterId))];
  return realmRolesAllow(roles, "member") ? "High" : "Baseline";
}
