import type { Command } from "commander";
import type { ServerModule, WithContext } from "../../platform/module";
import { type DatasetActivated, monitorAllPortfolios, monitorPortfolio, noteNewData } from "./monitoring";
import { USER_DELETED, type UserDeletedPayload } from "./neighbours";
import { portfolioRoutes } from "./routes";
import { seedDemoPortfolios } from "./seed";
import { forgetUser, MONITOR_ALL_JOB, MONITOR_PORTFOLIO_JOB } from "./service";
import { portfoliosDb, selectMonitoredPortfolioIds } from "./store";

function commands(program: Command, withContext: WithContext): void {
  program
    .command("portfolios")
    .description("Portfolios and their monitoring.")
    .command("monitor")
    .description(
      "Ask now for the missing data of every monitored portfolio (the server also does this daily).",
    )
    .action(async () => {
      await withContext(async (context) => {
        let created = 0;
        for (const portfolioId of await selectMonitoredPortfolioIds(portfoliosDb(context.database.db)))
          created += (await monitorPortfolio(context.database.db, portfolioId)).created;
        process.stdout.write(`Stored ${created} new data request(s).\n`);
      });
    });
}

/** Portfolios, their enrichment, monitoring and downloads, at /users. */
export const portfoliosModule: ServerModule = {
  name: "portfolios",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: portfolioRoutes,
  seedDemo: seedDemoPortfolios,
  events: () => ({
    "dataset.activated": [
      async (event, trx) => {
        await noteNewData(trx, event.payload as DatasetActivated);
      },
    ],
    [USER_DELETED]: [async (event, trx) => forgetUser(trx, (event.payload as UserDeletedPayload).userId)],
  }),
  jobs: (context) => ({
    [MONITOR_PORTFOLIO_JOB]: async (job) => {
      await monitorPortfolio(context.database.db, (job.payload as { portfolioId: string }).portfolioId);
    },
    [MONITOR_ALL_JOB]: async () => {
      const outcome = await monitorAllPortfolios(context.database.db, context.log);
      if (outcome) context.log.info(outcome, "portfolio monitoring ran");
    },
  }),
  commands,
};

// ---- What other modules ask of the portfolios module ------------------------------------------------

// A portfolio the actor may read (own, shared with them, or any for admins), else 404 (the explorer).

export { type PortfolioDeletionStep, providePortfolioDeletionStep } from "./deletion-steps";
export { type PortfolioRow, readPortfolio } from "./service";
