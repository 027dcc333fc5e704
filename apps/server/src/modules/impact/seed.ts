/**
 * Demo data of impact reports: currency rates at the end of each demo year (approximate, for the demo
 * only), and positions on data_reader's demo portfolio "Energy transition" (the portfolios module's
 * demo seed) in several currencies and both asset classes, so its impact report has figures for every
 * indicator and companies without data beside them. Running it again changes nothing.
 */
import type { SignedInActor } from "../../platform/auth/actor";
import type { ModuleContext } from "../../platform/module";
import type { AssetClass } from "./model";
import { findUserByUsername, readPortfolio } from "./neighbours";
import type { CurrencyRate } from "./rates";
import { impactDb, insertMissingRates, inTransaction, replacePositions, selectPositions } from "./store";

/** The portfolios module's demo portfolio of data_reader. */
export const DEMO_PORTFOLIO_ID = "d0000000-0000-4000-8000-00000000f001";

/** EUR value of one unit at the end of each year 2020 to 2025 (rounded year-end reference rates). */
const YEAR_END_RATES: Record<string, number[]> = {
  USD: [0.815, 0.883, 0.938, 0.905, 0.962, 0.87],
  GBP: [1.112, 1.19, 1.127, 1.151, 1.206, 1.15],
  CHF: [0.925, 0.967, 1.013, 1.076, 1.064, 1.07],
  SEK: [0.0997, 0.0976, 0.0899, 0.0901, 0.0873, 0.091],
  JPY: [0.00791, 0.00767, 0.00715, 0.00641, 0.00611, 0.0058],
};

export const DEMO_RATES: CurrencyRate[] = Object.entries(YEAR_END_RATES).flatMap(([currency, rates]) =>
  rates.map((rateToEur, index) => ({ currency, rateToEur, date: `${2020 + index}-12-31` })),
);

/** The positions, by the place of the company in the demo portfolio (its companies in order). */
const DEMO_POSITIONS: { index: number; amount: number; currency: string; assetClass: AssetClass }[] = [
  { index: 0, amount: 4_000_000, currency: "EUR", assetClass: "ListedEquityAndCorporateBonds" },
  { index: 0, amount: 1_500_000, currency: "EUR", assetClass: "BusinessLoansAndUnlistedEquity" },
  { index: 1, amount: 2_000_000, currency: "USD", assetClass: "ListedEquityAndCorporateBonds" },
  { index: 2, amount: 10_000_000, currency: "SEK", assetClass: "ListedEquityAndCorporateBonds" },
  { index: 3, amount: 800_000, currency: "GBP", assetClass: "BusinessLoansAndUnlistedEquity" },
  { index: 4, amount: 700_000, currency: "EUR", assetClass: "BusinessLoansAndUnlistedEquity" },
  { index: 5, amount: 500_000, currency: "CHF", assetClass: "ListedEquityAndCorporateBonds" },
];

export async function seedDemoImpact(context: ModuleContext): Promise<void> {
  const { db } = context.database;
  const added = await insertMissingRates(impactDb(db), DEMO_RATES);
  if (added > 0) context.log.info({ added }, "demo currency rates added");

  const reader = await findUserByUsername(db, "data_reader");
  if (!reader) return;
  const actor: SignedInActor = {
    kind: "user",
    userId: reader.userId,
    username: "data_reader",
    email: undefined,
    name: undefined,
    roles: new Set(["ROLE_USER"]),
    via: "token",
  };
  const portfolio = await readPortfolio(db, actor, DEMO_PORTFOLIO_ID).catch(() => undefined);
  if (!portfolio || (await selectPositions(impactDb(db), portfolio.portfolioId)).length > 0) return;
  const positions = DEMO_POSITIONS.flatMap(({ index, ...position }) => {
    const companyId = portfolio.companyIds[index];
    return companyId ? [{ companyId, ...position }] : [];
  });
  await inTransaction(db, (trx) => replacePositions(trx, portfolio.portfolioId, positions));
  context.log.info({ positions: positions.length }, "demo positions of data_reader's portfolio in place");
}
