import { type Kysely, sql } from "kysely";
import { inTransaction as inTransactionOf } from "../../platform/db/transaction";
import type { AssetClass } from "./model";
import type { CurrencyRate } from "./rates";

/** The tables of the impact module (migrations/001_create_positions_and_rates.sql). */
export interface ImpactTables {
  impact_position: {
    portfolio_id: string;
    company_id: string;
    asset_class: AssetClass;
    amount: string | number;
    currency: string;
    position: number;
  };
  impact_currency_rate: {
    currency: string;
    rate_date: string;
    rate_to_eur: string | number;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;
export type ImpactDb = Kysely<ImpactTables>;

export const impactDb = (db: AnyExecutor): ImpactDb => db as unknown as ImpactDb;

export const inTransaction = <T>(db: AnyExecutor, work: (trx: ImpactDb) => Promise<T>): Promise<T> =>
  inTransactionOf(impactDb(db), work);

export interface StoredPosition {
  companyId: string;
  assetClass: AssetClass;
  amount: number;
  currency: string;
}

/** Removes the positions of deleted portfolios (the portfolios module runs this when deleting them). */
export async function deletePositionsOf(db: ImpactDb, portfolioIds: readonly string[]): Promise<void> {
  await db.deleteFrom("impact_position").where("portfolio_id", "in", portfolioIds).execute();
}

/** The positions of a portfolio, in the order they were given. */
export async function selectPositions(db: ImpactDb, portfolioId: string): Promise<StoredPosition[]> {
  const rows = await db
    .selectFrom("impact_position")
    .select(["company_id", "asset_class", "amount", "currency"])
    .where("portfolio_id", "=", portfolioId)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({
    companyId: row.company_id,
    assetClass: row.asset_class,
    amount: Number(row.amount),
    currency: row.currency,
  }));
}

/** Makes `positions` the portfolio's positions, in their order. */
export async function replacePositions(
  trx: ImpactDb,
  portfolioId: string,
  positions: readonly StoredPosition[],
): Promise<void> {
  await trx.deleteFrom("impact_position").where("portfolio_id", "=", portfolioId).execute();
  if (positions.length === 0) return;
  await trx
    .insertInto("impact_position")
    .values(
      positions.map((position, index) => ({
        portfolio_id: portfolioId,
        company_id: position.companyId,
        asset_class: position.assetClass,
        amount: String(position.amount),
        currency: position.currency,
        position: index,
      })),
    )
    .execute();
}

/** Every rate, by currency and newest first. */
export async function selectRates(db: ImpactDb): Promise<CurrencyRate[]> {
  const rows = await db
    .selectFrom("impact_currency_rate")
    .select(["currency", sql<string>`rate_date::text`.as("date"), "rate_to_eur"])
    .orderBy("currency")
    .orderBy("rate_date", "desc")
    .execute();
  return rows.map((row) => ({ currency: row.currency, rateToEur: Number(row.rate_to_eur), date: row.date }));
}

/** The rates of some currencies only (a report's). */
export async function selectRatesOf(db: ImpactDb, currencies: readonly string[]): Promise<CurrencyRate[]> {
  if (currencies.length === 0) return [];
  const rows = await db
    .selectFrom("impact_currency_rate")
    .select(["currency", sql<string>`rate_date::text`.as("date"), "rate_to_eur"])
    .where("currency", "in", [...currencies])
    .execute();
  return rows.map((row) => ({ currency: row.currency, rateToEur: Number(row.rate_to_eur), date: row.date }));
}

/** Stores the rates; with `replace`, they become the only ones, otherwise they overwrite the same dates. */
export async function storeRates(
  trx: ImpactDb,
  rates: readonly CurrencyRate[],
  options: { replace: boolean },
): Promise<void> {
  if (options.replace) await trx.deleteFrom("impact_currency_rate").execute();
  if (rates.length === 0) return;
  await trx
    .insertInto("impact_currency_rate")
    .values(
      rates.map((rate) => ({
        currency: rate.currency,
        rate_date: rate.date,
        rate_to_eur: String(rate.rateToEur),
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["currency", "rate_date"]).doUpdateSet({ rate_to_eur: sql`excluded.rate_to_eur` }),
    )
    .execute();
}

/** Adds the rates whose currency and date have none yet (the demo's); answers how many were added. */
export async function insertMissingRates(db: ImpactDb, rates: readonly CurrencyRate[]): Promise<number> {
  if (rates.length === 0) return 0;
  const inserted = await db
    .insertInto("impact_currency_rate")
    .values(
      rates.map((rate) => ({
        currency: rate.currency,
        rate_date: rate.date,
        rate_to_eur: String(rate.rateToEur),
      })),
    )
    .onConflict((conflict) => conflict.columns(["currency", "rate_date"]).doNothing())
    .returning("currency")
    .execute();
  return inserted.length;
}
