import { Command } from "commander";
import { composition } from "../modules/registry";
import { ConfigError } from "../platform/config";
import { DataDirLockedError } from "../platform/db/data-dir-lock";
import { contextOpener } from "./context";
import { registerPlatformCommands } from "./platform-commands";

const program = new Command("openverde")
  .description("Operator commands for Openverde. They use DATA_DIR (server stopped) or DATABASE_URL.")
  .showHelpAfterError();

const withContext = contextOpener(composition);
registerPlatformCommands(program, withContext, composition);
for (const module of [...composition.standalone, ...composition.groups.flatMap((group) => group.modules)]) {
  module.commands?.(program, withContext);
}

program.parseAsync(process.argv).catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(`${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
