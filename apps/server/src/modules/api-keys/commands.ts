import type { Command } from "commander";
import type { WithContext } from "../../platform/module";
import { findUserByUsername } from "../identity";
import { generateApiKey } from "./service";

function fail(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}

export function commands(program: Command, withContext: WithContext): void {
  const apiKeys = program.command("api-keys").description("API keys of users.");
  apiKeys
    .command("create")
    .description("Create an API key for a user (it replaces the key they had) and print it on the last line.")
    .requiredOption("--user <username>", "the user the key acts for")
    .option("--days <n>", "days the key works; 0 for a key without expiry", "30")
    .action(async (options: { user: string; days: string }) => {
      const days = Number(options.days);
      if (!Number.isInteger(days) || days < 0)
        return fail(`--days must be a whole number, got "${options.days}".`);
      await withContext(async (context) => {
        const user = await findUserByUsername(context.database.db, options.user);
        if (!user) return fail(`There is no user "${options.user}".`);
        const { apiKey, apiKeyMetaInfo } = await generateApiKey(context.database.db, user, days, new Date(), {
          kind: "operator",
          name: "command line",
        });
        const until = apiKeyMetaInfo.expiryDate
          ? `until ${new Date(apiKeyMetaInfo.expiryDate * 1000).toISOString()}`
          : "without expiry";
        process.stdout.write(
          `API key for ${user.username} (${user.roles.join(", ")}), valid ${until}. It is shown only now:\n${apiKey}\n`,
        );
      });
    });
}
