import { randomUUID } from "node:crypto";
import type { SignedInActor } from "../../platform/auth/actor";
import { publishEvent } from "../../platform/events";
import { badRequest, conflict, forbidden, notFound } from "../../platform/http/errors";
import {
  activeDataIdFor,
  type CompanySummary,
  companyNames,
  companySummary,
  findUserByEmail,
  getUserById,
  getUsersByIds,
  isCompany,
  isUuid,
  resolveCompanyIdentifier,
  type User,
  userIdsByEmailPart,
  usersOfCompanyDomains,
} from "./lookups";
import {
  type AccessStatus,
  type AggregatedPriority,
  type CommunityStatus,
  type CompanyRole,
  fromCommunityStatus,
  isPrivateDataType,
  REQUEST_PRIORITIES,
  type RequestPriority,
  type RequestState,
  statesOfCommunityStatus,
  toCommunityStatus,
} from "./model";
import {
  canAssignCompanyRole,
  canCheckCompanyRole,
  canCheckDatasetAccess,
  canLookUpUserByEmail,
  canPatchRequest,
  canReadRequest,
  canRemoveCompanyRole,
  canRequestForOthers,
  canSeeRecommendedUsers,
  ensure,
  seesAllRequests,
  seesAllRoleAssignments,
} from "./policy";
import {
  type AnyExecutor,
  aggregateRequests,
  type CommunityDb,
  communityDb,
  countRequests,
  deleteEverythingOfUser,
  deleteRole,
  type HistoryRow,
  insertClaim,
  insertHistory,
  insertMessage,
  insertRequest,
  inTransaction,
  type MessageRow,
  type RequestChanges,
  type RequestFilter,
  type RequestRow,
  resolveClaims,
  selectActiveRequestsFor,
  selectBlockingRequest,
  selectCompanyIdsWithRole,
  selectDistinctCompanyIds,
  selectHasGrantedAccess,
  selectHasOwner,
  selectHistory,
  selectMessages,
  selectRequest,
  selectRequests,
  selectRoleOf,
  selectRoles,
  selectUserIdsAtCompany,
  updateRequest,
  upsertRole,
} from "./store";
import {
  toExtendedStoredDataRequest,
  toStoredDataRequest,
  toUserInfo,
  type WireExtendedStoredDataRequest,
  type WireStoredDataRequest,
  type WireUserInfo,
} from "./views";

export type { AccessStatus, AnyExecutor, CompanyRole, RequestPriority, RequestState };

// ===================================================================================================
// Events this module publishes (docs/events.md)

export const COMPANY_ROLE_ASSIGNED = "company.roleAssigned";
export const COMPANY_OWNERSHIP_CLAIMED = "company.ownershipClaimed";
export const REQUEST_ACCESS_REQUESTED = "request.accessRequested";
export const REQUEST_ANSWERED = "request.answered";
export const REQUEST_NON_SOURCEABLE = "request.nonSourceable";

export interface CompanyRoleAssignedPayload {
  companyId: string;
  userId: string;
  role: CompanyRole;
  assignedByUserId: string | null;
}
export interface CompanyOwnershipClaimedPayload {
  companyId: string;
  userId: string;
  comment: string | null;
}
export interface RequestAccessRequestedPayload {
  dataRequestId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  userId: string;
}
export interface RequestAnsweredPayload {
  dataRequestId: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  dataId: string | null;
}

export interface RequestNonSourceablePayload {
  dataRequestId: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  reason: string | null;
}

/** Payload of `dataset.activated` (published by datasets). */
export interface DatasetActivatedPayload {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  previousActiveDataId: string | null;
}

/** Payload of `dataset.nonSourceable` (published by datasets). */
export interface DatasetNonSourceablePayload {
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  nonSourceable: boolean;
  reason: string | null;
  userId: string | null;
}

// ===================================================================================================
// Functions other modules call

/** The company roles the user holds at the company (at most one today; empty for malformed ids). */
export async function companyRolesOf(
  db: AnyExecutor,
  userId: string,
  companyId: string,
): Promise<CompanyRole[]> {
  if (!isUuid(userId) || !isUuid(companyId)) return [];
  const role = await selectRoleOf(communityDb(db), companyId, userId);
  return role ? [role] : [];
}

/** The companies where the user holds one of the roles. */
export async function companyIdsWhereUserHasRole(
  db: AnyExecutor,
  userId: string,
  roles: readonly CompanyRole[],
): Promise<string[]> {
  if (!isUuid(userId)) return [];
  return selectCompanyIdsWithRole(communityDb(db), userId, roles);
}

/** Whether at least one user owns the company. */
export async function hasCompanyOwner(db: AnyExecutor, companyId: string): Promise<boolean> {
  if (!isUuid(companyId)) return false;
  return selectHasOwner(communityDb(db), companyId);
}

/** Whether a data request of the user for this private data has been granted access by the company. */
export async function hasPrivateDataAccess(
  db: AnyExecutor,
  userId: string,
  companyId: string,
  dataType: string,
  reportingPeriod: string,
): Promise<boolean> {
  if (!isUuid(userId) || !isUuid(companyId)) return false;
  return selectHasGrantedAccess(communityDb(db), { userId, companyId, dataType, reportingPeriod });
}

/** Role assignments matching the filter, without any visibility rule (for other modules, e.g. "who owns it"). */
export async function companyRoleAssignments(
  db: AnyExecutor,
  filter: { role?: CompanyRole; companyId?: string; userId?: string },
): Promise<{ companyRole: CompanyRole; companyId: string; userId: string }[]> {
  if ((filter.companyId && !isUuid(filter.companyId)) || (filter.userId && !isUuid(filter.userId))) return [];
  return (await selectRoles(communityDb(db), filter)).map((row) => ({
    companyRole: row.role,
    companyId: row.companyId,
    userId: row.userId,
  }));
}

// ---------------------------------------------------------------------------------------------------
// The request store, in the canonical vocabulary (model.ts). /data-sourcing is a view of it.

/** One data request as stored; both API surfaces map it onto their own vocabulary. */
export interface DataRequestRecord {
  dataRequestId: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  state: RequestState;
  accessStatus: AccessStatus;
  priority: RequestPriority;
  adminComment: string | null;
  memberComment: string | null;
  notifyMeImmediately: boolean;
  answeringDataId: string | null;
  createdAt: Date;
  lastModifiedAt: Date;
}

/** The request as it was after a change (or its creation): who, when, why. */
export interface RequestHistoryEntry {
  state: RequestState;
  accessStatus: AccessStatus;
  priority: RequestPriority;
  adminComment: string | null;
  reason: string | null;
  answeringDataId: string | null;
  changedByUserId: string | null;
  createdAt: Date;
}

export interface RequestMessage {
  contacts: string[];
  message: string | null;
  createdAt: Date;
}

export type { RequestFilter };

function toRecord(row: RequestRow): DataRequestRecord {
  return {
    dataRequestId: row.id,
    userId: row.user_id,
    companyId: row.company_id,
    dataType: row.data_type,
    reportingPeriod: row.reporting_period,
    state: row.state,
    accessStatus: row.access_status,
    priority: row.priority,
    adminComment: row.admin_comment,
    memberComment: row.member_comment,
    notifyMeImmediately: row.notify_me_immediately,
    answeringDataId: row.answering_data_id,
    createdAt: new Date(row.created_at),
    lastModifiedAt: new Date(row.last_modified_at),
  };
}

function toHistoryEntry(row: HistoryRow): RequestHistoryEntry {
  return {
    state: row.state,
    accessStatus: row.access_status,
    priority: row.priority,
    adminComment: row.admin_comment,
    reason: row.reason,
    answeringDataId: row.answering_data_id,
    changedByUserId: row.changed_by_user_id,
    createdAt: new Date(row.created_at),
  };
}

function toMessage(row: MessageRow): RequestMessage {
  return { contacts: row.contacts, message: row.message, createdAt: new Date(row.created_at) };
}

export async function getDataRequest(
  db: AnyExecutor,
  dataRequestId: string,
): Promise<DataRequestRecord | undefined> {
  if (!isUuid(dataRequestId)) return undefined;
  const row = await selectRequest(communityDb(db), dataRequestId);
  return row && toRecord(row);
}

export async function findDataRequests(
  db: AnyExecutor,
  filter: RequestFilter,
  paging?: { chunkSize: number; chunkIndex: number },
): Promise<DataRequestRecord[]> {
  const rows = await selectRequests(
    communityDb(db),
    filter,
    paging && { limit: paging.chunkSize, offset: paging.chunkSize * paging.chunkIndex },
  );
  return rows.map(toRecord);
}

export async function countDataRequests(db: AnyExecutor, filter: RequestFilter): Promise<number> {
  return countRequests(communityDb(db), filter);
}

export async function getDataRequestHistory(
  db: AnyExecutor,
  dataRequestId: string,
): Promise<RequestHistoryEntry[]> {
  if (!isUuid(dataRequestId)) return [];
  return (await selectHistory(communityDb(db), [dataRequestId])).map(toHistoryEntry);
}

export async function getDataRequestMessages(
  db: AnyExecutor,
  dataRequestId: string,
): Promise<RequestMessage[]> {
  if (!isUuid(dataRequestId)) return [];
  return (await selectMessages(communityDb(db), [dataRequestId])).map(toMessage);
}

export interface NewDataRequest {
  /** A fixed id (demo data); a new one otherwise. */
  id?: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  notifyMeImmediately: boolean;
  memberComment?: string | null;
  priority?: RequestPriority;
  adminComment?: string | null;
  contacts?: string[];
  message?: string | null;
  /** Stores the request as answered already (demo data, imports). */
  initialState?: "Answered";
  answeringDataId?: string | null;
}

export type CreateOutcome =
  | { outcome: "stored"; request: DataRequestRecord }
  | { outcome: "accessRequested"; request: DataRequestRecord }
  | { outcome: "duplicate"; request: DataRequestRecord };

/**
 * Stores one request, in the caller's transaction or its own. A request for private data that is
 * there already asks the company for access (answered, access pending); one that is not there yet is
 * open with access pending. A user's second active request for the same data is not stored: the
 * first one is returned as the duplicate.
 */
export async function createDataRequest(db: AnyExecutor, input: NewDataRequest): Promise<CreateOutcome> {
  return inTransaction(db, async (trx) => {
    const dimension = {
      userId: input.userId,
      companyId: input.companyId,
      dataType: input.dataType,
      reportingPeriod: input.reportingPeriod,
    };
    const blocking = await selectBlockingRequest(trx, dimension);
    if (blocking) return { outcome: "duplicate", request: toRecord(blocking) };
    const isPrivate = isPrivateDataType(input.dataType);
    const existingDataId = isPrivate ? await activeDataIdFor(trx, dimension) : undefined;
    const id = input.id ?? randomUUID();
    const inserted = await insertRequest(trx, {
      id,
      ...dimension,
      state: existingDataId ? "Answered" : (input.initialState ?? "Open"),
      accessStatus: isPrivate ? "Pending" : "Public",
      priority: input.priority ?? "Baseline",
      adminComment: input.adminComment ?? null,
      memberComment: input.memberComment ?? null,
      notifyMeImmediately: input.notifyMeImmediately,
      answeringDataId: existingDataId ?? input.answeringDataId ?? null,
    });
    if (!inserted) {
      const winner = await selectBlockingRequest(trx, dimension);
      if (winner) return { outcome: "duplicate", request: toRecord(winner) };
      throw conflict("The request could not be stored; try again.");
    }
    await insertHistory(trx, id, { reason: null, changedByUserId: input.userId });
    if (input.contacts && input.contacts.length > 0)
      await insertMessage(trx, id, { contacts: input.contacts, message: input.message ?? null });
    if (isPrivate) {
      const payload: RequestAccessRequestedPayload = { dataRequestId: id, ...dimension };
      await publishEvent(trx as never, REQUEST_ACCESS_REQUESTED, payload);
    }
    for (const hook of storedRequestHooks)
      await hook(trx, toRecord((await selectRequest(trx, id)) as RequestRow));
    const row = (await selectRequest(trx, id)) as RequestRow;
    return { outcome: existingDataId ? "accessRequested" : "stored", request: toRecord(row) };
  });
}

/** Called in the storing transaction for every request stored (not for duplicates), e.g. by data sourcing. */
export type DataRequestStoredHook = (trx: AnyExecutor, request: DataRequestRecord) => Promise<void>;
const storedRequestHooks: DataRequestStoredHook[] = [];

/** Lets another module react to each stored request in the same transaction (additive, for data sourcing). */
export function onDataRequestStored(hook: DataRequestStoredHook): void {
  if (!storedRequestHooks.includes(hook)) storedRequestHooks.push(hook);
}

export interface DataRequestChange {
  state?: RequestState;
  accessStatus?: AccessStatus;
  priority?: RequestPriority;
  adminComment?: string | null;
  notifyMeImmediately?: boolean;
  answeringDataId?: string | null;
  /** Why; kept in the history. */
  reason?: string | null;
  contacts?: string[];
  message?: string | null;
}

/**
 * Applies a change that the caller has already checked, records it in the history and publishes
 * `request.answered` when the request becomes answered. For both API surfaces.
 */
export async function changeDataRequest(
  db: AnyExecutor,
  dataRequestId: string,
  change: DataRequestChange,
  byUserId: string | null,
): Promise<DataRequestRecord> {
  return inTransaction(db, async (trx) => {
    const current = await selectRequest(trx, dataRequestId, { forUpdate: true });
    if (!current) throw notFound(`There is no data request with the id ${dataRequestId}.`);
    return applyChange(trx, current, change, byUserId);
  });
}

async function applyChange(
  trx: CommunityDb,
  current: RequestRow,
  change: DataRequestChange,
  byUserId: string | null,
): Promise<DataRequestRecord> {
  const changes: RequestChanges = {};
  if (change.state !== undefined && change.state !== current.state) changes.state = change.state;
  if (change.accessStatus !== undefined && change.accessStatus !== current.access_status)
    changes.accessStatus = change.accessStatus;
  if (change.priority !== undefined && change.priority !== current.priority)
    changes.priority = change.priority;
  if (change.adminComment !== undefined && change.adminComment !== current.admin_comment)
    changes.adminComment = change.adminComment;
  if (change.answeringDataId !== undefined && change.answeringDataId !== current.answering_data_id)
    changes.answeringDataId = change.answeringDataId;
  if (
    change.notifyMeImmediately !== undefined &&
    change.notifyMeImmediately !== current.notify_me_immediately
  )
    changes.notifyMeImmediately = change.notifyMeImmediately;
  const hasMessage = change.contacts !== undefined && change.contacts.length > 0;
  if (Object.keys(changes).length === 0 && !hasMessage) return toRecord(current);
  await updateRequest(trx, current.id, changes);
  const tracked =
    changes.state !== undefined ||
    changes.accessStatus !== undefined ||
    changes.priority !== undefined ||
    changes.adminComment !== undefined;
  if (tracked)
    await insertHistory(trx, current.id, { reason: change.reason ?? null, changedByUserId: byUserId });
  if (hasMessage)
    await insertMessage(trx, current.id, {
      contacts: change.contacts ?? [],
      message: change.message ?? null,
    });
  const updated = toRecord((await selectRequest(trx, current.id)) as RequestRow);
  if (changes.state === "Answered") {
    const payload: RequestAnsweredPayload = {
      dataRequestId: updated.dataRequestId,
      userId: updated.userId,
      companyId: updated.companyId,
      dataType: updated.dataType,
      reportingPeriod: updated.reportingPeriod,
      dataId: updated.answeringDataId,
    };
    await publishEvent(trx as never, REQUEST_ANSWERED, payload);
  }
  if (changes.state === "NonSourceable") {
    const payload: RequestNonSourceablePayload = {
      dataRequestId: updated.dataRequestId,
      userId: updated.userId,
      companyId: updated.companyId,
      dataType: updated.dataType,
      reportingPeriod: updated.reportingPeriod,
      reason: change.reason ?? null,
    };
    await publishEvent(trx as never, REQUEST_NON_SOURCEABLE, payload);
  }
  return updated;
}

/**
 * A dataset became active: every active request for its company, framework and period is answered by
 * it, and each requester hears of it through `request.answered`.
 */
export async function answerRequestsWithDataset(
  db: AnyExecutor,
  dataset: DatasetActivatedPayload,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const open = await selectActiveRequestsFor(trx, dataset);
    for (const row of open) {
      await applyChange(
        trx,
        row,
        {
          state: "Answered",
          answeringDataId: dataset.dataId,
          reason: "The requested data has been published.",
        },
        null,
      );
    }
    return open.length;
  });
}

/** The data was found not to be sourceable: the active requests for it end as NonSourceable. */
export async function closeRequestsAsNonSourceable(
  db: AnyExecutor,
  info: DatasetNonSourceablePayload,
): Promise<number> {
  if (!info.nonSourceable) return 0;
  return inTransaction(db, async (trx) => {
    const open = await selectActiveRequestsFor(trx, info);
    for (const row of open) {
      await applyChange(
        trx,
        row,
        { state: "NonSourceable", reason: info.reason ?? "The data cannot be sourced." },
        info.userId && isUuid(info.userId) ? info.userId : null,
      );
    }
    return open.length;
  });
}

/** A user's account was deleted: their roles, claims and requests go with it. */
export async function forgetUser(db: AnyExecutor, userId: string): Promise<void> {
  if (!isUuid(userId)) return;
  await inTransaction(db, (trx) => deleteEverythingOfUser(trx, userId));
}

// ===================================================================================================
// Company roles and ownership (the /community operations)

export interface CompanyRoleAssignment {
  companyRole: CompanyRole;
  companyId: string;
  userId: string;
}

export interface CompanyRoleAssignmentExtended extends CompanyRoleAssignment {
  email: string;
  firstName?: string;
  lastName?: string;
}

async function requireCompany(db: AnyExecutor, companyId: string): Promise<void> {
  if (!(await isCompany(db, companyId))) throw notFound(`There is no company with the id ${companyId}.`);
}

async function requireUserExists(db: AnyExecutor, userId: string): Promise<User> {
  const user = await getUserById(db, userId);
  if (!user) throw notFound(`There is no user with the id ${userId}.`);
  return user;
}

async function roleOf(db: AnyExecutor, userId: string, companyId: string): Promise<CompanyRole | undefined> {
  return (await companyRolesOf(db, userId, companyId))[0];
}

export async function assignCompanyRole(
  db: AnyExecutor,
  actor: SignedInActor,
  assignment: { role: CompanyRole; companyId: string; userId: string },
): Promise<CompanyRoleAssignment> {
  const { role, companyId, userId } = assignment;
  return inTransaction(db, async (trx) => {
    const actorRole = await roleOf(trx, actor.userId, companyId);
    const targetRole = await roleOf(trx, userId, companyId);
    ensure(
      canAssignCompanyRole(actor, role, { actorRole, targetRole }),
      role === "CompanyOwner"
        ? "Only admins make company owners."
        : "Only admins and the company's owners and member admins assign roles there, and not to its owners.",
    );
    await requireCompany(trx, companyId);
    await requireUserExists(trx, userId);
    if (targetRole !== role) {
      await upsertRole(trx, { companyId, userId, role, assignedByUserId: actor.userId });
      if (role === "CompanyOwner") await resolveClaims(trx, companyId, userId);
      const payload: CompanyRoleAssignedPayload = { companyId, userId, role, assignedByUserId: actor.userId };
      await publishEvent(trx as never, COMPANY_ROLE_ASSIGNED, payload);
    }
    return { companyRole: role, companyId, userId };
  });
}

export async function removeCompanyRole(
  db: AnyExecutor,
  actor: SignedInActor,
  assignment: { role: CompanyRole; companyId: string; userId: string },
): Promise<void> {
  const { role, companyId, userId } = assignment;
  await inTransaction(db, async (trx) => {
    const actorRole = await roleOf(trx, actor.userId, companyId);
    ensure(
      canRemoveCompanyRole(actor, role, { actorRole, targetUserId: userId }),
      "Only admins, the user themselves and the company's owners and member admins remove roles there; owners only admins.",
    );
    const removed = await deleteRole(trx, { companyId, userId, role });
    if (!removed)
      throw notFound(`The user ${userId} does not hold the role ${role} at the company ${companyId}.`);
  });
}

/** Whether the user holds the role at the company; for the HEAD check, where false is a 404. */
export async function checkCompanyRole(
  db: AnyExecutor,
  actor: SignedInActor,
  assignment: { role: CompanyRole; companyId: string; userId: string },
): Promise<boolean> {
  const actorRole = await roleOf(db, actor.userId, assignment.companyId);
  ensure(
    canCheckCompanyRole(actor, { actorRole, targetUserId: assignment.userId }),
    "Only admins, the user themselves and members of the company may ask for roles there.",
  );
  return (await roleOf(db, assignment.userId, assignment.companyId)) === assignment.role;
}

export async function listCompanyRoleAssignments(
  db: AnyExecutor,
  actor: SignedInActor,
  filter: { role?: CompanyRole; companyId?: string; userId?: string },
): Promise<CompanyRoleAssignmentExtended[]> {
  const visibleTo = seesAllRoleAssignments(actor)
    ? undefined
    : {
        userId: actor.userId,
        companyIds: await companyIdsWhereUserHasRole(db, actor.userId, [
          "CompanyOwner",
          "DataUploader",
          "MemberAdmin",
          "Member",
        ]),
      };
  const rows = await selectRoles(communityDb(db), { ...filter, ...(visibleTo ? { visibleTo } : {}) });
  const users = new Map(
    (
      await getUsersByIds(
        db,
        rows.map((row) => row.userId),
      )
    ).map((user) => [user.userId, user]),
  );
  return rows.map((row) => {
    const user = users.get(row.userId);
    const info = user ? toUserInfo(user) : undefined;
    return {
      companyRole: row.role,
      companyId: row.companyId,
      userId: row.userId,
      email: user?.email ?? "",
      ...(info?.firstName ? { firstName: info.firstName } : {}),
      ...(info?.lastName ? { lastName: info.lastName } : {}),
    };
  });
}

export async function claimCompanyOwnership(
  db: AnyExecutor,
  actor: SignedInActor,
  companyId: string,
  comment: string | undefined,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await requireCompany(trx, companyId);
    if ((await roleOf(trx, actor.userId, companyId)) === "CompanyOwner")
      throw conflict("You own this company already.", "Already an owner");
    const text = comment?.trim() ? comment.trim() : null;
    const recorded = await insertClaim(trx, {
      id: randomUUID(),
      companyId,
      userId: actor.userId,
      comment: text,
    });
    if (recorded) {
      const payload: CompanyOwnershipClaimedPayload = { companyId, userId: actor.userId, comment: text };
      await publishEvent(trx as never, COMPANY_OWNERSHIP_CLAIMED, payload);
    }
  });
}

export async function recommendedUsers(
  db: AnyExecutor,
  actor: SignedInActor,
  companyId: string,
): Promise<WireUserInfo[]> {
  const actorRole = await roleOf(db, actor.userId, companyId);
  ensure(
    canSeeRecommendedUsers(actor, { actorRole }),
    "Only admins and the company's owners and member admins see whom to invite.",
  );
  const company = await companySummary(db, companyId);
  if (!company) throw notFound(`There is no company with the id ${companyId}.`);
  const members = new Set(await selectUserIdsAtCompany(communityDb(db), companyId));
  return (await usersOfCompanyDomains(db, company))
    .filter((user) => !members.has(user.userId))
    .map(toUserInfo);
}

// Spec §5: a local part of letters, digits and _ . ! + -; a domain of at most two subdomain labels
// before its name; a top-level domain of two or more letters; case does not matter.
const EMAIL_PATTERN = /^[A-Za-z0-9_.!+-]+@([A-Za-z0-9-]+\.){1,3}[A-Za-z]{2,}$/i;

export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email);

export async function validateEmailAddress(
  db: AnyExecutor,
  actor: SignedInActor,
  email: string,
): Promise<WireUserInfo> {
  const managed = await companyIdsWhereUserHasRole(db, actor.userId, ["CompanyOwner", "MemberAdmin"]);
  ensure(
    canLookUpUserByEmail(actor, { managesSomeCompany: managed.length > 0 }),
    "Only admins and company owners and member admins look users up by e-mail address.",
  );
  const value = email.trim();
  if (!isValidEmail(value))
    throw badRequest(`"${value}" is not a valid e-mail address.`, "Invalid e-mail address");
  const user = await findUserByEmail(db, value);
  if (!user) throw notFound(`There is no user with the e-mail address ${value}.`, "Unknown e-mail address");
  return toUserInfo(user);
}

// ===================================================================================================
// Data requests (the /community operations)

const REPORTING_PERIOD = /^\d{4}$/;
/** Most requests one bulk call may create (identifiers × frameworks × periods). */
export const MAX_BULK_COMBINATIONS = 5000;

function checkReportingPeriods(periods: readonly string[], field: string): string[] {
  const unique = [...new Set(periods.map((period) => period.trim()))];
  if (unique.length === 0)
    throw badRequest(`${field} must name at least one reporting period.`, `Invalid ${field}`);
  const bad = unique.filter((period) => !REPORTING_PERIOD.test(period));
  if (bad.length > 0)
    throw badRequest(`${field} must be years like 2024; not: ${bad.join(", ")}.`, `Invalid ${field}`);
  return unique;
}

function checkContacts(contacts: readonly string[] | undefined, message: string | undefined): string[] {
  const list = [...new Set((contacts ?? []).map((contact) => contact.trim()).filter(Boolean))];
  const bad = list.filter((contact) => !isValidEmail(contact));
  if (bad.length > 0)
    throw badRequest(`contacts must be e-mail addresses; not: ${bad.join(", ")}.`, "Invalid contacts");
  if (message?.trim() && list.length === 0)
    throw badRequest(
      "message goes to the company's contacts: name at least one in contacts.",
      "Invalid message",
    );
  return list;
}

export interface SingleDataRequestInput {
  companyIdentifier: string;
  dataType: string;
  reportingPeriods: string[];
  contacts?: string[];
  message?: string;
  notifyMeImmediately: boolean;
}

export interface SingleDataRequestResponse {
  message: string;
  reportingPeriodsOfStoredDataRequests: string[];
  reportingPeriodsOfDuplicateDataRequests: string[];
  reportingPeriodsOfStoredAccessRequests: string[];
}

export async function postSingleDataRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  input: SingleDataRequestInput,
  onBehalfOfUserId: string | undefined,
): Promise<SingleDataRequestResponse> {
  let requesterId = actor.userId;
  if (onBehalfOfUserId !== undefined && onBehalfOfUserId !== actor.userId) {
    ensure(canRequestForOthers(actor), "Only admins request data for another user.");
    const user = await getUserById(db, onBehalfOfUserId);
    if (!user)
      throw badRequest(
        `querystring parameter userId: there is no user with the id ${onBehalfOfUserId}.`,
        "Invalid userId",
      );
    requesterId = user.userId;
  }
  const periods = checkReportingPeriods(input.reportingPeriods, "reportingPeriods");
  const contacts = checkContacts(input.contacts, input.message);
  const companyId = await resolveCompanyIdentifier(db, input.companyIdentifier);
  if (!companyId)
    throw badRequest(
      `No company is known by the identifier "${input.companyIdentifier}".`,
      "Unknown company",
    );
  const response: SingleDataRequestResponse = {
    message: "",
    reportingPeriodsOfStoredDataRequests: [],
    reportingPeriodsOfDuplicateDataRequests: [],
    reportingPeriodsOfStoredAccessRequests: [],
  };
  await inTransaction(db, async (trx) => {
    for (const reportingPeriod of periods) {
      const result = await createDataRequest(trx, {
        userId: requesterId,
        companyId,
        dataType: input.dataType,
        reportingPeriod,
        notifyMeImmediately: input.notifyMeImmediately,
        contacts,
        message: input.message?.trim() || null,
      });
      if (result.outcome === "duplicate")
        response.reportingPeriodsOfDuplicateDataRequests.push(reportingPeriod);
      else if (result.outcome === "accessRequested")
        response.reportingPeriodsOfStoredAccessRequests.push(reportingPeriod);
      else response.reportingPeriodsOfStoredDataRequests.push(reportingPeriod);
    }
  });
  const stored =
    response.reportingPeriodsOfStoredDataRequests.length +
    response.reportingPeriodsOfStoredAccessRequests.length;
  response.message =
    stored === 0
      ? "Nothing was stored: you have asked for this data already."
      : response.reportingPeriodsOfDuplicateDataRequests.length > 0
        ? "Your request was stored, except for the periods you had asked for already."
        : "Your data request was stored successfully.";
  return response;
}

export interface BulkDataRequestInput {
  companyIdentifiers: string[];
  dataTypes: string[];
  reportingPeriods: string[];
  notifyMeImmediately: boolean;
}

export interface ResourceResponse {
  userProvidedIdentifier: string;
  companyName: string;
  framework: string;
  reportingPeriod: string;
  resourceId: string;
  resourceUrl?: string;
}

export interface BulkDataRequestResponse {
  acceptedDataRequests: ResourceResponse[];
  alreadyExistingRequests: ResourceResponse[];
  alreadyExistingDatasets: ResourceResponse[];
  rejectedCompanyIdentifiers: string[];
}

/**
 * Every combination of identifier, framework and period becomes a request, unless the identifier is
 * unknown (rejected), the user has an active request for it (already requested) or public data for
 * it is there (already available). Private data that is there becomes an access request.
 */
export async function postBulkDataRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  input: BulkDataRequestInput,
  options: { publicUrl: string },
): Promise<BulkDataRequestResponse> {
  const identifiers = [
    ...new Set(input.companyIdentifiers.map((identifier) => identifier.trim()).filter(Boolean)),
  ];
  if (identifiers.length === 0)
    throw badRequest("companyIdentifiers must name at least one company.", "Invalid companyIdentifiers");
  const dataTypes = [...new Set(input.dataTypes)];
  if (dataTypes.length === 0)
    throw badRequest("dataTypes must name at least one framework.", "Invalid dataTypes");
  const periods = checkReportingPeriods(input.reportingPeriods, "reportingPeriods");
  const combinations = identifiers.length * dataTypes.length * periods.length;
  if (combinations > MAX_BULK_COMBINATIONS)
    throw badRequest(
      `One bulk request may cover at most ${MAX_BULK_COMBINATIONS} combinations of company, framework and period; this one has ${combinations}.`,
      "Too many combinations",
    );
  const base = options.publicUrl.replace(/\/$/, "");
  const response: BulkDataRequestResponse = {
    acceptedDataRequests: [],
    alreadyExistingRequests: [],
    alreadyExistingDatasets: [],
    rejectedCompanyIdentifiers: [],
  };
  const resolved: { identifier: string; company: CompanySummary }[] = [];
  for (const identifier of identifiers) {
    const companyId = await resolveCompanyIdentifier(db, identifier);
    const company = companyId ? await companySummary(db, companyId) : undefined;
    if (company) resolved.push({ identifier, company });
    else response.rejectedCompanyIdentifiers.push(identifier);
  }
  await inTransaction(db, async (trx) => {
    for (const { identifier, company } of resolved) {
      for (const dataType of dataTypes) {
        for (const reportingPeriod of periods) {
          const entry = {
            userProvidedIdentifier: identifier,
            companyName: company.companyName,
            framework: dataType,
            reportingPeriod,
          };
          if (!isPrivateDataType(dataType)) {
            const dataId = await activeDataIdFor(trx, {
              companyId: company.companyId,
              dataType,
              reportingPeriod,
            });
            if (dataId) {
              response.alreadyExistingDatasets.push({
                ...entry,
                resourceId: dataId,
                resourceUrl: `${base}/companies/${company.companyId}/frameworks/${dataType}/${dataId}`,
              });
              continue;
            }
          }
          const result = await createDataRequest(trx, {
            userId: actor.userId,
            companyId: company.companyId,
            dataType,
            reportingPeriod,
            notifyMeImmediately: input.notifyMeImmediately,
          });
          const resource = {
            ...entry,
            resourceId: result.request.dataRequestId,
            resourceUrl: `${base}/requests/${result.request.dataRequestId}`,
          };
          if (result.outcome === "duplicate") response.alreadyExistingRequests.push(resource);
          else response.acceptedDataRequests.push(resource);
        }
      }
    }
  });
  return response;
}

async function requireReadableRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<DataRequestRecord> {
  const record = await getDataRequest(db, dataRequestId);
  if (!record) throw notFound(`There is no data request with the id ${dataRequestId}.`);
  const actorRole = await roleOf(db, actor.userId, record.companyId);
  ensure(
    canReadRequest(actor, record, { actorRole }),
    "Only admins, the requester and the company's owners may see this request.",
  );
  return record;
}

async function storedView(db: AnyExecutor, record: DataRequestRecord): Promise<WireStoredDataRequest> {
  const [user, messages, history] = await Promise.all([
    getUserById(db, record.userId),
    getDataRequestMessages(db, record.dataRequestId),
    getDataRequestHistory(db, record.dataRequestId),
  ]);
  return toStoredDataRequest(record, { email: user?.email, messages, history });
}

export async function readDataRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<WireStoredDataRequest> {
  return storedView(db, await requireReadableRequest(db, actor, dataRequestId));
}

/** The filters of GET /community/requests, in the community vocabulary. */
export interface CommunityRequestQuery {
  dataType?: string[];
  userId?: string;
  emailAddress?: string;
  adminComment?: string;
  requestStatus?: CommunityStatus[];
  accessStatus?: AccessStatus[];
  requestPriority?: RequestPriority[];
  reportingPeriods?: string[];
  datalandCompanyId?: string;
  companySearchString?: string;
}

const intersect = (a: string[] | undefined, b: string[]): string[] =>
  a ? a.filter((value) => b.includes(value)) : b;

/** Turns the community filters into the canonical filter, limited to what the actor may see. */
async function toFilter(
  db: AnyExecutor,
  actor: SignedInActor,
  query: CommunityRequestQuery,
): Promise<RequestFilter> {
  const filter: RequestFilter = {};
  if (query.dataType?.length) filter.dataTypes = query.dataType;
  if (query.userId) filter.userIds = [query.userId];
  if (query.emailAddress?.trim())
    filter.userIds = intersect(filter.userIds, await userIdsByEmailPart(db, query.emailAddress));
  if (query.adminComment?.trim()) filter.adminComment = query.adminComment.trim();
  if (query.requestStatus?.length)
    filter.states = [...new Set(query.requestStatus.flatMap(statesOfCommunityStatus))];
  if (query.accessStatus?.length) filter.accessStatuses = query.accessStatus;
  if (query.requestPriority?.length) filter.priorities = query.requestPriority;
  if (query.reportingPeriods?.length) filter.reportingPeriods = query.reportingPeriods;
  if (query.datalandCompanyId) filter.companyIds = [query.datalandCompanyId];
  if (!seesAllRequests(actor))
    filter.visibleTo = {
      userId: actor.userId,
      companyIds: await companyIdsWhereUserHasRole(db, actor.userId, ["CompanyOwner"]),
    };
  const search = query.companySearchString?.trim();
  if (search) {
    // Companies of the matching requests whose name contains the text, or which the text identifies.
    const candidates = await selectDistinctCompanyIds(communityDb(db), filter);
    const needle = search.toLowerCase();
    const matching = [...(await companyNames(db, candidates)).entries()]
      .filter(([, name]) => name.toLowerCase().includes(needle))
      .map(([companyId]) => companyId);
    const identified = await resolveCompanyIdentifier(db, search);
    if (identified && candidates.includes(identified) && !matching.includes(identified))
      matching.push(identified);
    filter.companyIds = intersect(filter.companyIds, matching);
  }
  return filter;
}

async function extendedViews(
  db: AnyExecutor,
  records: DataRequestRecord[],
): Promise<WireExtendedStoredDataRequest[]> {
  const users = new Map(
    (
      await getUsersByIds(
        db,
        records.map((record) => record.userId),
      )
    ).map((user) => [user.userId, user]),
  );
  const names = await companyNames(
    db,
    records.map((record) => record.companyId),
  );
  return records.map((record) =>
    toExtendedStoredDataRequest(record, {
      email: users.get(record.userId)?.email,
      companyName: names.get(record.companyId),
    }),
  );
}

export async function searchDataRequests(
  db: AnyExecutor,
  actor: SignedInActor,
  query: CommunityRequestQuery,
  paging: { chunkSize: number; chunkIndex: number },
): Promise<WireExtendedStoredDataRequest[]> {
  const filter = await toFilter(db, actor, query);
  return extendedViews(db, await findDataRequests(db, filter, paging));
}

export async function countDataRequestsFor(
  db: AnyExecutor,
  actor: SignedInActor,
  query: CommunityRequestQuery,
): Promise<number> {
  return countDataRequests(db, await toFilter(db, actor, query));
}

export async function dataRequestsOfUser(
  db: AnyExecutor,
  actor: SignedInActor,
): Promise<WireExtendedStoredDataRequest[]> {
  return extendedViews(db, await findDataRequests(db, { userIds: [actor.userId] }));
}

export interface AggregatedDataRequest {
  dataType: string;
  reportingPeriod: string;
  datalandCompanyId: string;
  aggregatedPriority: AggregatedPriority;
  count: number;
}

/** Open requests counted per framework, period, company and priority, most asked for first. */
export async function aggregatedOpenDataRequests(
  db: AnyExecutor,
  query: { dataTypes?: string[]; reportingPeriod?: string; aggregatedPriority?: AggregatedPriority },
): Promise<AggregatedDataRequest[]> {
  const filter: RequestFilter = { states: ["Open", "Processing"] };
  if (query.dataTypes?.length) filter.dataTypes = query.dataTypes;
  if (query.reportingPeriod) filter.reportingPeriods = [query.reportingPeriod];
  if (query.aggregatedPriority)
    filter.priorities = (REQUEST_PRIORITIES as readonly string[]).includes(query.aggregatedPriority)
      ? [query.aggregatedPriority as RequestPriority]
      : [];
  const rows = await aggregateRequests(communityDb(db), filter);
  return rows.map((row) => ({
    dataType: row.dataType,
    reportingPeriod: row.reportingPeriod,
    datalandCompanyId: row.companyId,
    aggregatedPriority: row.priority,
    count: row.count,
  }));
}

export interface DataRequestPatch {
  requestStatus?: CommunityStatus;
  accessStatus?: AccessStatus;
  contacts?: string[];
  message?: string;
  requestPriority?: RequestPriority;
  notifyMeImmediately?: boolean;
  adminComment?: string;
  requestStatusChangeReason?: string;
}

/** Status changes a requester may make, by the status they lead to: from which states. */
const REQUESTER_TRANSITIONS: Partial<Record<CommunityStatus, readonly RequestState[]>> = {
  Withdrawn: ["Open", "Processing"],
  Closed: ["Answered"],
  Resolved: ["Answered"],
};

/** Access changes a company owner may make: from which access statuses. */
const OWNER_ACCESS_TRANSITIONS: Partial<Record<AccessStatus, readonly AccessStatus[]>> = {
  Granted: ["Pending", "Declined", "Revoked"],
  Declined: ["Pending"],
  Revoked: ["Granted"],
};

export async function patchDataRequest(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
  patch: DataRequestPatch,
): Promise<WireStoredDataRequest> {
  const record = await inTransaction(db, async (trx) => {
    const row = isUuid(dataRequestId)
      ? await selectRequest(trx, dataRequestId, { forUpdate: true })
      : undefined;
    if (!row) throw notFound(`There is no data request with the id ${dataRequestId}.`);
    const current = toRecord(row);
    const actorRole = await roleOf(trx, actor.userId, current.companyId);
    const contactsOrMessage = patch.contacts !== undefined || patch.message !== undefined;
    if (!canPatchRequest(actor, current, { ...patch, contactsOrMessage }, { actorRole })) {
      const isRequester = actor.userId === current.userId;
      throw forbidden(
        isRequester
          ? "You may withdraw, close or resolve your request and change its contacts, message and notifications; nothing else."
          : actorRole === "CompanyOwner"
            ? "As the company's owner you may grant, decline or revoke access to its private data; nothing else."
            : "Only admins, the requester and the company's owners may change this request.",
      );
    }
    const admin = seesAllRequests(actor);
    if (
      patch.requestStatus !== undefined &&
      !admin &&
      toCommunityStatus(current.state) !== patch.requestStatus
    ) {
      const allowedFrom = REQUESTER_TRANSITIONS[patch.requestStatus] ?? [];
      if (!allowedFrom.includes(current.state)) {
        const possible = Object.entries(REQUESTER_TRANSITIONS)
          .filter(([, from]) => from?.includes(current.state))
          .map(([to]) => to);
        throw badRequest(
          `A ${toCommunityStatus(current.state)} request cannot become ${patch.requestStatus}; allowed: ${possible.join(", ") || "none"}.`,
          "Invalid requestStatus",
        );
      }
    }
    if (patch.accessStatus !== undefined && patch.accessStatus !== current.accessStatus) {
      const isPrivate = current.accessStatus !== "Public";
      if (!isPrivate || patch.accessStatus === "Public")
        throw badRequest(
          isPrivate
            ? "Access to private data cannot become Public."
            : "This request is for public data; there is no access to decide.",
          "Invalid accessStatus",
        );
      if (!admin) {
        const allowedFrom = OWNER_ACCESS_TRANSITIONS[patch.accessStatus] ?? [];
        if (!allowedFrom.includes(current.accessStatus)) {
          const possible = Object.entries(OWNER_ACCESS_TRANSITIONS)
            .filter(([, from]) => from?.includes(current.accessStatus))
            .map(([to]) => to);
          throw badRequest(
            `Access ${current.accessStatus} cannot become ${patch.accessStatus}; allowed: ${possible.join(", ") || "none"}.`,
            "Invalid accessStatus",
          );
        }
      }
    }
    const contacts = contactsOrMessage ? checkContacts(patch.contacts, patch.message) : undefined;
    return applyChange(
      trx,
      row,
      {
        ...(patch.requestStatus !== undefined
          ? { state: fromCommunityStatus(patch.requestStatus, current.state) }
          : {}),
        ...(patch.accessStatus !== undefined ? { accessStatus: patch.accessStatus } : {}),
        ...(patch.requestPriority !== undefined ? { priority: patch.requestPriority } : {}),
        ...(patch.adminComment !== undefined ? { adminComment: patch.adminComment.trim() || null } : {}),
        ...(patch.notifyMeImmediately !== undefined
          ? { notifyMeImmediately: patch.notifyMeImmediately }
          : {}),
        ...(contacts !== undefined ? { contacts, message: patch.message?.trim() || null } : {}),
        reason: patch.requestStatusChangeReason?.trim() || null,
      },
      actor.userId,
    );
  });
  return storedView(db, record);
}

/** Whether the user may read the private dataset; for the HEAD check, where false is a 404. */
export async function checkDatasetAccess(
  db: AnyExecutor,
  actor: SignedInActor,
  dimension: { companyId: string; dataType: string; reportingPeriod: string; userId: string },
): Promise<boolean> {
  const actorRole = await roleOf(db, actor.userId, dimension.companyId);
  ensure(
    canCheckDatasetAccess(actor, { actorRole, targetUserId: dimension.userId }),
    "Only admins, the user themselves and the company's owners may ask about this access.",
  );
  return hasPrivateDataAccess(
    db,
    dimension.userId,
    dimension.companyId,
    dimension.dataType,
    dimension.reportingPeriod,
  );
}
