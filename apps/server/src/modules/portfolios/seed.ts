import type { ModuleContext } from "../../platform/module";
import { DEMO_COMPANY_LEI, findUserByUsername, validateIdentifiers, withLeiCheckDigits } from "./neighbours";
import { insertPortfolio, inTransaction, selectPortfolioNamesOf } from "./store";

const DEMO_PORTFOLIO_NAME = "Energy transition";

/** The LEIs of the first demo companies (the companies module's demo seed builds them this way). */
function demoLeis(): string[] {
  return [
    DEMO_COMPANY_LEI,
    ...[1, 2, 3, 4, 5].map((index) => withLeiCheckDigits(`529900OVDEMO${String(index).padStart(6, "0")}`)),
  ];
}

/** A portfolio for data_reader, so that signing in leads them to /portfolios. Safe to run again. */
export async function seedDemoPortfolios(context: ModuleContext): Promise<void> {
  const { db } = context.database;
  const reader = await findUserByUsername(db, "data_reader");
  if (!reader) return;
  if ((await selectPortfolioNamesOf(db as never, reader.userId)).length > 0) return;
  const found = await validateIdentifiers(db, demoLeis());
  const companyIds = found.flatMap((result) =>
    result.companyInformation ? [result.companyInformation.companyId] : [],
  );
  if (companyIds.length === 0) return;
  await inTransaction(db, (trx) =>
    insertPortfolio(trx, {
      portfolioId: "d0000000-0000-4000-8000-00000000f001",
      userId: reader.userId,
      portfolioName: DEMO_PORTFOLIO_NAME,
      isMonitored: false,
      monitoredFrameworks: [],
      notificationFrequency: "Weekly",
      timeWindowThreshold: null,
      sharedUserIds: [],
      companyIds,
    }),
  );
  context.log.info({ companies: companyIds.length }, "demo portfolio for data_reader is in place");
}
