import pino from "pino";
import { migrationSources } from "../modules/registry";
import { loadConfig } from "../platform/config";
import { openDatabase } from "../platform/db/database";
import { migrate } from "../platform/db/migrations";
import type { Composition, ModuleContext, WithContext } from "../platform/module";

/** The CLI works on DATA_DIR (with the server stopped) or on DATABASE_URL, always on a migrated schema. */
export function contextOpener(composition: Composition): WithContext {
  return async (work) => {
    // An operator's command prints its own result: the log says only what went wrong unless LOG_LEVEL asks.
    const config = loadConfig(undefined, { defaults: { LOG_LEVEL: "warn" } });
    const log = pino({ level: config.logLevel });
    const database = await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      purpose: `openverde cli (${process.argv.slice(2).join(" ")})`,
      // Imports build indexes over millions of rows: their statements may take longer than a request's.
      timeouts: {
        connectMs: config.databaseTimeouts.connectMs,
        statementMs: config.databaseTimeouts.cliStatementMs,
      },
    });
    try {
      await migrate(database.db, migrationSources(composition));
      const context: ModuleContext = { config, database, log };
      return await work(context);
    } finally {
      await database.close();
    }
  };
}
