/**
 * The stored data points of many companies at once, for the explorer: per company and reporting
 * period the active dataset of one framework (the newest accepted one), the chosen data points of it
 * with their own review status, and whether the data was declared not sourceable. Private (VSME) data
 * is left out for users who may not see it, as if there were none. Read straight from the data point
 * rows, never from the datasets' JSON.
 */
import type { QaStatus } from "@openverde/frameworks/qa-status";
import { type RawBuilder, sql } from "kysely";
import type { Actor } from "../../platform/auth/actor";
import { isPrivateFramework } from "./framework-data";
import { type Viewer, viewerFor } from "./service";
import { type AnyExecutor, dataPointTypeIn, datasetsDb } from "./store";

export interface ActiveDataPointQuery {
  dataType: string;
  companyIds: readonly string[];
  reportingPeriods: readonly string[];
  dataPointTypes: readonly string[];
}

export interface ActiveDataPoint {
  /** The data point as stored: the wire JSON of its field. */
  value: unknown;
  qaStatus: QaStatus;
}

/** A data point with only the parts a table shows (activeDataPointParts). */
export interface ActiveDataPointParts extends ActiveDataPoint {
  /** The wrapper's `value`, or the whole field for a plain data point. */
  value: unknown;
  /** Of a wrapped data point: its quality, its currency, and the document and page it cites. */
  quality: string | null;
  currency: string | null;
  fileReference: string | null;
  fileName: string | null;
  page: string | null;
}

/** What one company has for one reporting period of the framework. */
export interface ActiveDimensionData<Point extends ActiveDataPoint = ActiveDataPoint> {
  companyId: string;
  reportingPeriod: string;
  /** The active dataset, or null when there is none. */
  dataId: string | null;
  /** No active dataset, and a statement that the data cannot be found is in force. */
  nonSourceable: boolean;
  /** The chosen data points the active dataset holds, by data point type; an empty field has none. */
  points: Map<string, Point>;
}

export const dimensionKey = (companyId: string, reportingPeriod: string) => `${companyId}/${reportingPeriod}`;

interface Row extends Omit<ActiveDataPointParts, "qaStatus"> {
  companyId: string;
  reportingPeriod: string;
  dataId: string | null;
  uploaderUserId: string | null;
  dataPointType: string | null;
  qaStatus: QaStatus | null;
}

/**
 * One statement: the active datasets of the companies and periods with the chosen data points
 * (dataset_one_active, then the data points of each dataset), and the non-sourceability statements in
 * force for those. Only dimensions that have either come back, keyed by `dimensionKey`. Each data
 * point comes whole, as stored.
 */
export async function activeDataPoints(
  db: AnyExecutor,
  actor: Actor,
  query: ActiveDataPointQuery,
): Promise<Map<string, ActiveDimensionData>> {
  return readActive(db, actor, query, []);
}

/**
 * As activeDataPoints, but of the data points of `wrappedTypes` (whose value sits in a `{ value,
 * quality, dataSource, ... }` wrapper) only the parts a table shows are read, not the comment or the
 * rest of the source: less to send and to parse when many cells are read (the explorer's export).
 */
export async function activeDataPointParts(
  db: AnyExecutor,
  actor: Actor,
  query: ActiveDataPointQuery & { wrappedTypes: readonly string[] },
): Promise<Map<string, ActiveDimensionData<ActiveDataPointParts>>> {
  return readActive(db, actor, query, query.wrappedTypes);
}

async function readActive(
  db: AnyExecutor,
  actor: Actor,
  query: ActiveDataPointQuery,
  wrappedTypes: readonly string[],
): Promise<Map<string, ActiveDimensionData<ActiveDataPointParts>>> {
  const viewer = viewerFor(db, actor);
  const found = new Map<string, ActiveDimensionData<ActiveDataPointParts>>();
  if (query.companyIds.length === 0 || query.reportingPeriods.length === 0) return found;
  const companies = [...query.companyIds];
  const periods = [...query.reportingPeriods];
  const large = companies.length * periods.length > LARGE_READ;
  const read = (reader: AnyExecutor) =>
    sql<Row>`
    select d.company_id as "companyId", d.reporting_period as "reportingPeriod", d.data_id as "dataId",
      d.uploader_user_id as "uploaderUserId", p.data_point_type as "dataPointType", p.qa_status as "qaStatus",
      case when w.wrapped then p.value -> 'value' else p.value end as value,
      case when w.wrapped then p.value ->> 'quality' end as quality,
      case when w.wrapped then p.value ->> 'currency' end as currency,
      case when w.wrapped then p.value #>> '{dataSource,fileReference}' end as "fileReference",
      case when w.wrapped then p.value #>> '{dataSource,fileName}' end as "fileName",
      case when w.wrapped then p.value #>> '{dataSource,page}' end as page
    from dataset d
    left join dataset_data_point p on p.data_id = d.data_id and ${dataPointTypeIn("p", query.dataPointTypes)}
    cross join lateral (select p.data_point_type = any(${[...wrappedTypes]}::text[]) as wrapped) w
    where d.company_id = any(${companies}::uuid[]) and d.data_type = ${query.dataType}
      and d.reporting_period = any(${periods}::text[]) and d.currently_active
    union all
    select n.company_id, n.reporting_period, null, n.uploader_user_id, null, null, null, null, null, null, null, null
    from dataset_non_sourceable n
    where n.company_id = any(${companies}::uuid[]) and n.data_type = ${query.dataType}
      and n.reporting_period = any(${periods}::text[]) and n.currently_active`.execute(datasetsDb(reader));
  const { rows } = large ? await withoutJit(db, read) : await read(db);
  const hidden = new Set<string>();
  for (const row of rows) {
    const key = dimensionKey(row.companyId, row.reportingPeriod);
    if (hidden.has(key)) continue;
    let dimension = found.get(key);
    if (!dimension) {
      if (
        isPrivateFramework(query.dataType) &&
        !(await viewer.maySeePrivateDimension({ ...row, dataType: query.dataType }, row.uploaderUserId))
      ) {
        hidden.add(key);
        continue;
      }
      dimension = {
        companyId: row.companyId,
        reportingPeriod: row.reportingPeriod,
        dataId: null,
        nonSourceable: false,
        points: new Map(),
      };
      found.set(key, dimension);
    }
    if (row.dataId === null) {
      dimension.nonSourceable = true;
      continue;
    }
    dimension.dataId = row.dataId;
    if (row.dataPointType !== null && row.qaStatus !== null) {
      const { value, qaStatus, quality, currency, fileReference, fileName, page } = row;
      dimension.points.set(row.dataPointType, {
        value,
        qaStatus,
        quality,
        currency,
        fileReference,
        fileName,
        page,
      });
    }
  }
  // A dataset made active after a statement ended it: the dataset is what counts.
  for (const dimension of found.values()) if (dimension.dataId !== null) dimension.nonSourceable = false;
  return found;
}

/** Reads of more dimensions (companies × periods) than this run without JIT compilation (withoutJit). */
const LARGE_READ = 1_000;

/**
 * Runs a read of many index lookups with PostgreSQL's JIT compilation off. The planner compiles every
 * statement whose estimated cost passes jit_above_cost, as a page of 500 companies of an export does
 * by its number of lookups alone: that took 50-70 ms per page and made no lookup faster, about 1 s of
 * database CPU per export of 10,000 companies. Inside a caller's transaction the setting is left alone.
 */
async function withoutJit<T>(db: AnyExecutor, read: (db: AnyExecutor) => Promise<T>): Promise<T> {
  const own = datasetsDb(db);
  if (own.isTransaction) return read(own);
  return own.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return read(trx);
  });
}

/** A value as a file of the table shows it: the stored value (a wrapper's `value`) and its own currency. */
export interface ActiveValue {
  value: unknown;
  currency: string | null;
}

/**
 * Only the values of the chosen data points in the active datasets of many companies (an export to a
 * file): per company one slot per data point type and period, type by type in the order asked, each
 * over the periods in the order asked; undefined where there is no value. The database sends one row
 * per company with its values as one JSON array, not one row per data point with the dataset's and the
 * source's details (activeDataPointParts): reading and taking apart those rows was most of the
 * server's work in an export. Private (VSME) datasets the actor may not see are left out first.
 */
export async function activeValueGrid(
  db: AnyExecutor,
  actor: Actor,
  query: ActiveDataPointQuery & { wrappedTypes: readonly string[] },
): Promise<Map<string, (ActiveValue | undefined)[]>> {
  const viewer = viewerFor(db, actor);
  const grid = new Map<string, (ActiveValue | undefined)[]>();
  if (query.companyIds.length === 0 || query.reportingPeriods.length === 0) return grid;
  const companies = [...query.companyIds];
  const periods = [...query.reportingPeriods];
  const types = [...query.dataPointTypes];
  const wrapped = types.map((type) => query.wrappedTypes.includes(type));
  let onlyDataIds: string[] | null = null;
  if (isPrivateFramework(query.dataType)) {
    const { rows } = await sql<{
      dataId: string;
      companyId: string;
      reportingPeriod: string;
      uploaderUserId: string | null;
    }>`
      select data_id as "dataId", company_id as "companyId", reporting_period as "reportingPeriod",
        uploader_user_id as "uploaderUserId"
      from dataset
      where company_id = any(${companies}::uuid[]) and data_type = ${query.dataType}
        and reporting_period = any(${periods}::text[]) and currently_active`.execute(datasetsDb(db));
    onlyDataIds = [];
    for (const row of rows)
      if (await viewer.maySeePrivateDimension({ ...row, dataType: query.dataType }, row.uploaderUserId))
        onlyDataIds.push(row.dataId);
  }
  const { rows } = await withoutJit(db, (reader) =>
    sql<{ companyId: string; slots: [number, unknown, string | null][] }>`
      select c.company_id as "companyId", v.slots
      from unnest(${companies}::uuid[]) c(company_id)
      cross join lateral (
        select json_agg(json_build_array((t.i - 1) * ${periods.length} + r.j - 1,
          case when t.wrapped then p.value -> 'value' else p.value end,
          case when t.wrapped then p.value ->> 'currency' end)) as slots
        from dataset d
        join unnest(${periods}::text[]) with ordinality r(period, j) on r.period = d.reporting_period
        join dataset_data_point p on p.data_id = d.data_id and ${dataPointTypeIn("p", types)}
        join unnest(${types}::text[], ${wrapped}::boolean[]) with ordinality t(type, wrapped, i)
          on t.type = p.data_point_type
        where d.company_id = c.company_id and d.data_type = ${query.dataType}
          and d.reporting_period = any(${periods}::text[]) and d.currently_active
          and (${onlyDataIds}::uuid[] is null or d.data_id = any(${onlyDataIds}::uuid[]))
      ) v
      where v.slots is not null`.execute(datasetsDb(reader)),
  );
  for (const row of rows) {
    const slots: (ActiveValue | undefined)[] = new Array(types.length * periods.length).fill(undefined);
    for (const [slot, value, currency] of row.slots) slots[slot] = { value, currency };
    grid.set(row.companyId, slots);
  }
  return grid;
}

export interface ValueOrder {
  dataType: string;
  /**
   * The companies to order: a select of their `company_id` and `name_key` (the register's
   * selectionInNameOrder). Ties, and the companies without a value, go by (name_key, company_id).
   */
  companies: RawBuilder<unknown>;
  reportingPeriod: string;
  dataPointType: string;
  /** The value sits in a `{ value, ... }` wrapper (extended and document data points). */
  wrapped: boolean;
  /**
   * The data point's values are numbers wherever there is one (a numeric field; uploads are checked
   * against the framework), so its order may be read from the index of numbers.
   */
  numeric: boolean;
  direction: "asc" | "desc";
}

export interface OrderPage {
  limit: number;
  offset: number;
}

/**
 * How far into the order a page may reach to be read from the index of numbers: the first pages, the
 * ones people look at. A page further on, or one that reaches the companies without a value, is cut
 * from the order of the whole selection (as the export reads it), whose cost does not grow with the page.
 */
export const NUMBER_INDEX_REACH = 1_000;

/**
 * The companies ordered by one data point of one period: by its value (numbers as numbers, text
 * alphabetically), then by name; companies without a value, or whose value the actor may not see,
 * come last in name order. With a page, only the companies of that page.
 */
export async function companiesOrderedByValue(
  db: AnyExecutor,
  actor: Actor,
  order: ValueOrder,
  page?: OrderPage,
): Promise<string[]> {
  const viewer = viewerFor(db, actor);
  const isPrivate = isPrivateFramework(order.dataType);
  if (page && order.numeric && !isPrivate && page.offset + page.limit <= NUMBER_INDEX_REACH) {
    const valued = await pageByNumber(db, order, page);
    if (valued.length === page.limit) return valued;
  }
  const ordered = await wholeOrder(db, order, isPrivate ? undefined : page);
  if (!isPrivate) return ordered.map((row) => row.companyId);
  const visible = await visibleOrder(viewer, order, ordered);
  return page ? visible.slice(page.offset, page.offset + page.limit) : visible;
}

/**
 * The first companies with a number, from dataset_active_number (migration 007: the numbers of the
 * active datasets only). The statement names both ways to them and the planner picks by the size of the
 * selection: down the index of numbers from the top, each entry checked against its dataset and the
 * selection until the page is full (a large selection), or from each company of the selection to its
 * active dataset and that dataset's number (a small one). Fewer companies than asked for when the values
 * run out.
 */
async function pageByNumber(db: AnyExecutor, order: ValueOrder, page: OrderPage): Promise<string[]> {
  const direction = sql.raw(order.direction === "desc" ? "desc" : "asc");
  const { rows } = await sql<{ companyId: string }>`
    select w.company_id as "companyId"
    from (${order.companies}) w
    join dataset d on d.company_id = w.company_id and d.data_type = ${order.dataType}
      and d.reporting_period = ${order.reportingPeriod} and d.currently_active
    join dataset_active_number n on n.data_id = d.data_id and n.data_point_type = ${order.dataPointType}
    where n.data_type = ${order.dataType} and n.reporting_period = ${order.reportingPeriod}
    order by n.number ${direction}, w.name_key, w.company_id
    limit ${page.limit} offset ${page.offset}`.execute(datasetsDb(db));
  return rows.map((row) => row.companyId);
}

interface OrderedRow {
  companyId: string;
  uploaderUserId: string | null;
  hasValue: boolean;
  /** The place of the company in name order. */
  position: number;
}

/** One statement over the whole selection: each company's value looked up, then sorted. */
async function wholeOrder(db: AnyExecutor, order: ValueOrder, page?: OrderPage): Promise<OrderedRow[]> {
  const direction = sql.raw(order.direction === "desc" ? "desc" : "asc");
  // A statement over the whole selection: large enough for the planner to compile it, for nothing.
  const { rows } = await withoutJit(db, (reader) =>
    sql<OrderedRow>`
    select w.company_id as "companyId", d.uploader_user_id as "uploaderUserId", k.key is not null as "hasValue",
      w.position::int as position
    from (select s.company_id, row_number() over (order by s.name_key, s.company_id) as position
      from (${order.companies}) s) w
    left join dataset d on d.company_id = w.company_id and d.data_type = ${order.dataType}
      and d.reporting_period = ${order.reportingPeriod} and d.currently_active
    left join dataset_data_point p on p.data_id = d.data_id and ${dataPointTypeIn("p", [order.dataPointType])}
    cross join lateral (
      select nullif(case when ${order.wrapped}::boolean then p.value -> 'value' else p.value end, 'null'::jsonb) as key
    ) k
    order by k.key is null, k.key ${direction}, w.position
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`.execute(datasetsDb(reader)),
  );
  return rows;
}

/** Private data: the values the actor may not see count as missing, so those companies go last by name. */
async function visibleOrder(viewer: Viewer, order: ValueOrder, rows: OrderedRow[]): Promise<string[]> {
  const visible: string[] = [];
  const rest: OrderedRow[] = [];
  for (const row of rows) {
    const dimension = {
      companyId: row.companyId,
      dataType: order.dataType,
      reportingPeriod: order.reportingPeriod,
    };
    if (row.hasValue && (await viewer.maySeePrivateDimension(dimension, row.uploaderUserId)))
      visible.push(row.companyId);
    else rest.push(row);
  }
  rest.sort((a, b) => a.position - b.position);
  return [...visible, ...rest.map((row) => row.companyId)];
}

/** The companies with an active dataset of the framework in one of the periods that the actor may see. */
export async function companiesWithActiveData(
  db: AnyExecutor,
  actor: Actor,
  dataType: string,
  reportingPeriods: readonly string[],
): Promise<Set<string>> {
  const viewer = viewerFor(db, actor);
  if (!isPrivateFramework(dataType)) {
    const { rows } = await sql<{ companyId: string }>`
      select distinct company_id as "companyId" from dataset
      where data_type = ${dataType} and reporting_period = any(${[...reportingPeriods]}::text[]) and currently_active`.execute(
      datasetsDb(db),
    );
    return new Set(rows.map((row) => row.companyId));
  }
  // Private data: each period's dataset counts only if the actor may see it.
  const { rows } = await sql<{ companyId: string; reportingPeriod: string; uploaderUserId: string | null }>`
    select company_id as "companyId", reporting_period as "reportingPeriod", uploader_user_id as "uploaderUserId"
    from dataset
    where data_type = ${dataType} and reporting_period = any(${[...reportingPeriods]}::text[]) and currently_active`.execute(
    datasetsDb(db),
  );
  const companies = new Set<string>();
  for (const row of rows) {
    if (companies.has(row.companyId)) continue;
    if (await viewer.maySeePrivateDimension({ ...row, dataType }, row.uploaderUserId))
      companies.add(row.companyId);
  }
  return companies;
}
