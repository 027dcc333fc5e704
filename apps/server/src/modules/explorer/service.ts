/**
 * The explorer's rules: which companies make the rows (a list, a portfolio the user may read, filters,
 * "has data"), in which order (by name, or by one value with the missing ones last), and the cells of
 * a page, read from the active data points. The export walks the same rows page by page.
 */
import { type FrameworkId, NUMBER_FIELD_KINDS } from "@openverde/frameworks";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import type { AnyDb } from "../../platform/db/database";
import { badRequest } from "../../platform/http/errors";
import {
  type ChosenDataPoint,
  cellOf,
  chooseDataPoints,
  columnsOf,
  type ExplorerCell,
  type ExplorerColumn,
} from "./columns";
import {
  type ActiveValue,
  activeDataPointParts,
  activeValueGrid,
  type CompanySelection,
  companiesOrderedByValue,
  companiesWithActiveData,
  countSelectedCompanies,
  dimensionKey,
  type NameCursor,
  type OrderPage,
  readPortfolio,
  type SelectedCompany,
  selectedCompaniesByIds,
  selectedCompaniesByName,
  selectedCompaniesPage,
  selectionInNameOrder,
} from "./neighbours";
import { can } from "./policy";
import { DEFAULT_CHUNK_SIZE, type ExplorerQueryBody } from "./schemas";

export interface ExplorerRow {
  companyId: string;
  companyName: string;
  lei: string | null;
  countryCode: string;
  sector: string | null;
  cells: ExplorerCell[];
}

export interface ExplorerResult {
  totalCompanies: number;
  columns: ExplorerColumn[];
  rows: ExplorerRow[];
}

/** A checked query: what it reads and how the rows are chosen and ordered. */
export interface PlannedQuery {
  actor: SignedInActor;
  framework: FrameworkId;
  points: ChosenDataPoint[];
  periods: string[];
  columns: ExplorerColumn[];
  selection: CompanySelection;
  /** Set when the rows are ordered by a value. */
  valueOrder?: { point: ChosenDataPoint; reportingPeriod: string };
  descending: boolean;
}

/** Checks the query and turns the company choice into a selection; 400, 401 or 404 before anything is read. */
export async function planQuery(db: AnyDb, actor: Actor, query: ExplorerQueryBody): Promise<PlannedQuery> {
  const user = authorize(actor, can(actor, "explore"));
  const points = chooseDataPoints(query.framework, query.dataPoints);
  const periods = [...new Set(query.reportingPeriods)].sort();
  const sort = query.sort ?? { by: "companyName" };
  let valueOrder: PlannedQuery["valueOrder"];
  if (sort.by === "value") {
    const point = points.find((candidate) => candidate.path === sort.dataPoint);
    if (!point)
      throw badRequest("sort.dataPoint must be one of the data points asked for.", "Invalid sort.dataPoint");
    if (!sort.reportingPeriod || !periods.includes(sort.reportingPeriod))
      throw badRequest(
        "sort.reportingPeriod must be one of the reporting periods asked for.",
        "Invalid sort.reportingPeriod",
      );
    valueOrder = { point, reportingPeriod: sort.reportingPeriod };
  }
  const companies = query.companies ?? {};
  if (companies.companyIds && companies.portfolioId)
    throw badRequest(
      "Choose the companies either by companyIds or by portfolioId, not both.",
      "Invalid companies",
    );
  let companyIds: string[] | undefined = companies.companyIds
    ? [...new Set(companies.companyIds)]
    : undefined;
  if (companies.portfolioId) companyIds = (await readPortfolio(db, user, companies.portfolioId)).companyIds;
  if (companies.hasData) {
    const withData = await companiesWithActiveData(db, user, query.framework, periods);
    companyIds = companyIds ? companyIds.filter((id) => withData.has(id)) : [...withData];
  }
  return {
    actor: user,
    framework: query.framework,
    points,
    periods,
    columns: columnsOf(points, periods),
    selection: { companyIds, countryCodes: companies.countryCodes, sectors: companies.sectors },
    valueOrder,
    descending: sort.direction === "desc",
  };
}

/** What the plan reads of these companies' active datasets: its framework, periods and data points. */
function activeDataRequest(plan: PlannedQuery, companies: SelectedCompany[]) {
  return {
    dataType: plan.framework,
    companyIds: companies.map((company) => company.companyId),
    reportingPeriods: plan.periods,
    dataPointTypes: plan.points.map((point) => point.dataPointType),
    wrappedTypes: plan.points.filter((point) => point.wrapped).map((point) => point.dataPointType),
  };
}

/** The rows of these companies (in this order) with their cells: one statement for all the data points. */
export async function rowsOf(
  db: AnyDb,
  plan: PlannedQuery,
  companies: SelectedCompany[],
): Promise<ExplorerRow[]> {
  const found = await activeDataPointParts(db, plan.actor, activeDataRequest(plan, companies));
  return companies.map((company) => ({
    companyId: company.companyId,
    companyName: company.companyName,
    lei: company.lei,
    countryCode: company.countryCode,
    sector: company.sector,
    cells: plan.points.flatMap((point) =>
      plan.periods.map((period) => cellOf(point, found.get(dimensionKey(company.companyId, period)))),
    ),
  }));
}

/**
 * The selection's ids ordered by the sort value (the missing ones last, then by name): a page of
 * them, or all of them.
 */
async function idsByValue(db: AnyDb, plan: PlannedQuery, page?: OrderPage): Promise<string[]> {
  const order = plan.valueOrder as NonNullable<PlannedQuery["valueOrder"]>;
  return companiesOrderedByValue(
    db,
    plan.actor,
    {
      dataType: plan.framework,
      companies: selectionInNameOrder(plan.selection),
      reportingPeriod: order.reportingPeriod,
      dataPointType: order.point.dataPointType,
      wrapped: order.point.wrapped,
      // Numbers are checked at upload, so a sort by one may use the index of numbers.
      numeric: NUMBER_FIELD_KINDS.has(order.point.field.kind),
      direction: plan.descending ? "desc" : "asc",
    },
    page,
  );
}

/** One page of the table. */
export async function queryExplorer(
  db: AnyDb,
  actor: Actor,
  query: ExplorerQueryBody,
): Promise<ExplorerResult> {
  const plan = await planQuery(db, actor, query);
  const size = query.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const offset = (query.chunkIndex ?? 0) * size;
  let totalCompanies: number;
  let companies: SelectedCompany[];
  if (plan.valueOrder) {
    let ids: string[];
    [totalCompanies, ids] = await Promise.all([
      countSelectedCompanies(db, plan.selection),
      idsByValue(db, plan, { limit: size, offset }),
    ]);
    companies = await selectedCompaniesByIds(db, ids);
  } else {
    [totalCompanies, companies] = await Promise.all([
      countSelectedCompanies(db, plan.selection),
      selectedCompaniesPage(db, plan.selection, size, offset, plan.descending),
    ]);
  }
  return { totalCompanies, columns: plan.columns, rows: await rowsOf(db, plan, companies) };
}

/** Companies per page of an export: bounds what is held at once, whatever the size of the table. */
export const EXPORT_PAGE = 500;

/** The companies of the table in its order, page by page. */
async function* companyPages(db: AnyDb, plan: PlannedQuery): AsyncGenerator<SelectedCompany[]> {
  if (plan.valueOrder) {
    const ordered = await idsByValue(db, plan);
    for (let start = 0; start < ordered.length; start += EXPORT_PAGE)
      yield selectedCompaniesByIds(db, ordered.slice(start, start + EXPORT_PAGE));
    return;
  }
  let after: NameCursor | undefined;
  do {
    const page = await selectedCompaniesByName(db, plan.selection, EXPORT_PAGE, after, plan.descending);
    if (page.companies.length > 0) yield page.companies;
    after = page.next;
  } while (after);
}

/** A row of a file of the table: the company and its values, one slot per column after the company's. */
export interface ValueRow {
  company: SelectedCompany;
  values: (ActiveValue | undefined)[];
}

/** The values of these companies (in this order), slot by slot as the table's columns. */
async function valueRowsOf(db: AnyDb, plan: PlannedQuery, companies: SelectedCompany[]): Promise<ValueRow[]> {
  const grid = await activeValueGrid(db, plan.actor, activeDataRequest(plan, companies));
  const none: undefined[] = [];
  return companies.map((company) => ({ company, values: grid.get(company.companyId) ?? none }));
}

/**
 * The pages of the table in its order, each read by `read`. The next page is read while the caller
 * writes the current one, so the database and the server work at the same time; two pages at most
 * are held.
 */
async function* pagesOf<Row>(
  db: AnyDb,
  plan: PlannedQuery,
  read: (db: AnyDb, plan: PlannedQuery, companies: SelectedCompany[]) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  const pages = companyPages(db, plan);
  const nextRows = async () => {
    const page = await pages.next();
    return page.done ? undefined : read(db, plan, page.value);
  };
  let pending = nextRows();
  for (;;) {
    // Handled here so that a client that goes away while a page is read leaves no unhandled rejection.
    pending.catch(() => undefined);
    const rows = await pending;
    if (!rows) return;
    pending = nextRows();
    yield rows;
  }
}

/** Every row of the table with its cells, page by page (the JSON export). */
export const allRows = (db: AnyDb, plan: PlannedQuery): AsyncGenerator<ExplorerRow[]> =>
  pagesOf(db, plan, rowsOf);

/** Every row of the table with only its values, page by page (the CSV and Excel exports). */
export const allValueRows = (db: AnyDb, plan: PlannedQuery): AsyncGenerator<ValueRow[]> =>
  pagesOf(db, plan, valueRowsOf);
