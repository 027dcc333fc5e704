import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { WithContext } from "../../platform/module";
import { commandLineOperator, guarded } from "../../platform/operator-commands";
import { importRatesFile } from "./service";

/** `npm run cli -- import currency-rates <file>`: the rates impact reports convert with. */
export function registerImpactCommands(program: Command, withContext: WithContext): void {
  const importCommand =
    program.commands.find((command) => command.name() === "import") ??
    program.command("import").description("Bring data from outside sources into Openverde.");
  importCommand
    .command("currency-rates <file>")
    .description(
      "Import currency rates from a CSV file with the header currency,rateToEur,date (rateToEur: the EUR value of one unit); rates of the same currency and date are overwritten.",
    )
    .option("--replace", "make the file's rates the only ones (removes all others)")
    .action(
      guarded(async (file: string, options: { replace?: boolean }) => {
        const text = readFileSync(file, "utf8");
        await withContext(async (context) => {
          const count = await importRatesFile(context.database.db, text, {
            replace: options.replace ?? false,
            operator: commandLineOperator(),
          });
          process.stdout.write(
            `Stored ${count} currency rate(s)${options.replace ? ", replacing all others" : ""}.\n`,
          );
        });
      }),
    );
}
