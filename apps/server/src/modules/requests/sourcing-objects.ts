/** Sourcing objects as their readers see them: one, a search, a provider's list, a history, priorities. */

import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import type { DataSourcingState } from "./model";
import { COMPANY_ROLES, companyExists, companyIdsWhereUserHasRole, companyRolesOf } from "./neighbours";
import { can, type Standing } from "./policy";
import { findDataRequests, type RequestFilter } from "./records";
import {
  type DataSourcingRow,
  type Dimension,
  type SourcingFilter,
  selectByDimension,
  selectById,
  selectHistory,
  selectMany,
  sourcingDb,
} from "./sourcing-store";
import { toReduced, type WireDataSourcingHistoryEntry, type WireStoredDataSourcing } from "./sourcing-views";
import type { AnyExecutor } from "./store";

export const dimensionFilter = (dimension: Dimension): RequestFilter => ({
  companyIds: [dimension.companyId],
  dataTypes: [dimension.dataType],
  reportingPeriods: [dimension.reportingPeriod],
});

export const dimensionOf = (row: Dimension): Dimension => ({
  companyId: row.companyId,
  dataType: row.dataType,
  reportingPeriod: row.reportingPeriod,
});

export async function toStored(
  db: AnyExecutor,
  row: DataSourcingRow,
  showPriority: boolean,
): Promise<WireStoredDataSourcing> {
  const requests = await findDataRequests(db, dimensionFilter(row));
  return {
    ...toReduced(row, showPriority),
    ...(row.adminComment ? { adminComment: row.adminComment } : {}),
    associatedRequestIds: requests.map((request) => request.dataRequestId),
  };
}

/** Whether the user holds any company role at the company (acts for it as a provider). */
async function belongsTo(db: AnyExecutor, userId: string, companyId: string | null): Promise<boolean> {
  if (!companyId) return false;
  return (await companyRolesOf(db, userId, companyId)).length > 0;
}

async function standingAt(db: AnyExecutor, actor: SignedInActor, row: DataSourcingRow): Promise<Standing> {
  return {
    belongsToDocumentCollector: await belongsTo(db, actor.userId, row.documentCollector),
    belongsToDataExtractor: await belongsTo(db, actor.userId, row.dataExtractor),
  };
}

async function providerCompaniesOf(db: AnyExecutor, userId: string): Promise<string[]> {
  return companyIdsWhereUserHasRole(db, userId, COMPANY_ROLES);
}

export async function requireSourcing(db: AnyExecutor, dataSourcingId: string): Promise<DataSourcingRow> {
  const row = isUuid(dataSourcingId) ? await selectById(sourcingDb(db), dataSourcingId) : undefined;
  if (!row) throw notFound(`There is no data sourcing object with the id ${dataSourcingId}.`);
  return row;
}

/** What a provider or an admin does with a sourcing object, each under its own rule in policy.ts. */
type SourcingAction = "readSourcing" | "changeSourcingState" | "manageDocuments";

/**
 * The sourcing object with the actor's standing at it, once the rule of the action lets the actor act
 * there: 404 for an unknown id, then 403 with the refusal.
 */
export async function sourcingFor(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  action: SourcingAction,
  refusal: string,
): Promise<{ row: DataSourcingRow; standing: Standing }> {
  const row = await requireSourcing(db, dataSourcingId);
  const standing = await standingAt(db, actor, row);
  authorize(actor, can(actor, action, standing), refusal);
  return { row, standing };
}

const READ_REFUSAL =
  "Only admins and the companies collecting documents or extracting data for it see this sourcing object.";

export async function readDataSourcing(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
): Promise<WireStoredDataSourcing> {
  const { row, standing } = await sourcingFor(db, actor, dataSourcingId, "readSourcing", READ_REFUSAL);
  return toStored(db, row, can(actor, "seeSourcingPriority", standing));
}

export interface DataSourcingSearch {
  companyId?: string;
  dataType?: string;
  reportingPeriod?: string;
  state?: DataSourcingState;
}

export async function searchDataSourcing(
  db: AnyExecutor,
  actor: SignedInActor,
  search: DataSourcingSearch,
  paging: { chunkSize: number; chunkIndex: number },
): Promise<WireStoredDataSourcing[]> {
  if (search.companyId !== undefined && !isUuid(search.companyId)) return [];
  const filter: SourcingFilter = { ...search };
  if (!can(actor, "seeAllSourcing")) filter.providerCompanyIds = await providerCompaniesOf(db, actor.userId);
  const rows = await selectMany(sourcingDb(db), filter, {
    limit: paging.chunkSize,
    offset: paging.chunkSize * paging.chunkIndex,
  });
  // Everyone listed here is an admin or acts for a provider of the object: they see its priority.
  return Promise.all(rows.map((row) => toStored(db, row, true)));
}

export async function dataSourcingOfProvider(
  db: AnyExecutor,
  actor: SignedInActor,
  providerCompanyId: string,
): Promise<WireStoredDataSourcing[]> {
  if (!(await companyExists(db, providerCompanyId)))
    throw notFound(`There is no company with the id ${providerCompanyId}.`);
  authorize(
    actor,
    can(actor, "listForProvider", {
      belongsToProvider: await belongsTo(db, actor.userId, providerCompanyId),
    }),
    "Only admins and the people of this company see the sourcing work assigned to it.",
  );
  const rows = await selectMany(sourcingDb(db), { providerCompanyIds: [providerCompanyId] });
  return Promise.all(rows.map((row) => toStored(db, row, true)));
}

export async function dataSourcingHistory(
  db: AnyExecutor,
  actor: SignedInActor,
  dataSourcingId: string,
  options: { stateChangesOnly: boolean },
): Promise<WireDataSourcingHistoryEntry[]> {
  const { row, standing } = await sourcingFor(db, actor, dataSourcingId, "readSourcing", READ_REFUSAL);
  const showPriority = can(actor, "seeSourcingPriority", standing);
  const entries = await selectHistory(sourcingDb(db), row.id);
  return entries
    .filter((entry) => !options.stateChangesOnly || entry.fromState !== entry.toState)
    .map((entry) => {
      const snapshot = entry.snapshot;
      return {
        dataSourcingId: snapshot.id,
        companyId: snapshot.companyId,
        reportingPeriod: snapshot.reportingPeriod,
        dataType: snapshot.dataType,
        state: entry.toState,
        ...(snapshot.dateOfNextDocumentSourcingAttempt
          ? { dateOfNextDocumentSourcingAttempt: snapshot.dateOfNextDocumentSourcingAttempt }
          : {}),
        ...(snapshot.documentCollector ? { documentCollector: snapshot.documentCollector } : {}),
        ...(snapshot.dataExtractor ? { dataExtractor: snapshot.dataExtractor } : {}),
        ...(snapshot.adminComment ? { adminComment: snapshot.adminComment } : {}),
        lastModifiedDate: entry.changedAt,
        ...(showPriority && snapshot.priority !== null ? { priority: snapshot.priority } : {}),
        ...(entry.fromState ? { previousState: entry.fromState } : {}),
        ...(entry.changedByUserId ? { changedByUserId: entry.changedByUserId } : {}),
        ...(entry.comment ? { comment: entry.comment } : {}),
        documentIds: snapshot.documentIds ?? [],
      };
    });
}

export async function sourcingPriorities(
  db: AnyExecutor,
  actor: SignedInActor,
  dimensions: Dimension[],
): Promise<{ companyId: string; dataType: string; reportingPeriod: string; priority?: number }[]> {
  const result: { companyId: string; dataType: string; reportingPeriod: string; priority?: number }[] = [];
  for (const dimension of dimensions) {
    if (!isUuid(dimension.companyId)) continue;
    const row = await selectByDimension(sourcingDb(db), dimension);
    if (!row) continue;
    const show = can(actor, "seeSourcingPriority", await standingAt(db, actor, row));
    result.push({
      ...dimensionOf(row),
      ...(show && row.priority !== null ? { priority: row.priority } : {}),
    });
  }
  return result;
}
