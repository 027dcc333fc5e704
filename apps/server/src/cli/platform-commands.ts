import { createReadStream, createWriteStream } from "node:fs";
import { readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type { Command } from "commander";
import { seedDemo } from "../app";
import { migrationSources } from "../modules/registry";
import { loadConfig } from "../platform/config";
import { lockDataDir } from "../platform/db/data-dir-lock";
import { EMBEDDED_FOLDER, openDatabase } from "../platform/db/database";
import { migrate } from "../platform/db/migrations";
import { ENVIRONMENT, shownDefault, type VariableName } from "../platform/environment";
import type { Composition, WithContext } from "../platform/module";

const SERVER_BACKUP_HINT =
  'For a PostgreSQL server use its own tools: pg_dump --format=custom --file=openverde.dump "$DATABASE_URL" to back up, pg_restore --clean --if-exists --dbname="$DATABASE_URL" openverde.dump to restore.';

async function gunzipToBlob(file: string): Promise<Blob> {
  const chunks: Buffer[] = [];
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  return new Blob(chunks);
}

export function registerPlatformCommands(
  program: Command,
  withContext: WithContext,
  composition: Composition,
): void {
  program
    .command("config")
    .description(
      "List the environment variables the server reads, with their defaults, and check the values set now.",
    )
    .action(() => {
      loadConfig();
      for (const name of Object.keys(ENVIRONMENT) as VariableName[])
        process.stdout.write(`${name}\n  default: ${shownDefault(name)}\n  ${ENVIRONMENT[name].meaning}\n`);
      process.stdout.write("\nThe values set in this environment are valid.\n");
    });

  program
    .command("migrate")
    .description("Bring the database schema up to date (the server also does this when it starts).")
    .action(async () => {
      await withContext(async () => {
        process.stdout.write("The database schema is up to date.\n");
      });
    });

  program
    .command("seed")
    .description("Add data to the database.")
    .command("demo")
    .description("Add the demo users, companies and datasets; running it again changes nothing.")
    .action(async () => {
      await withContext(async (context) => {
        await seedDemo(context, composition);
        process.stdout.write("Demo data is in place.\n");
      });
    });

  program
    .command("backup <file>")
    .description("Write the embedded database to a compressed file (the server must be stopped).")
    .action(async (file: string) => {
      await withContext(async (context) => {
        const { pglite } = context.database;
        if (!pglite) throw new Error(SERVER_BACKUP_HINT);
        const dump = await pglite.dumpDataDir("gzip");
        await pipeline(Readable.fromWeb(dump.stream() as never), createWriteStream(file));
        process.stdout.write(`Backup written to ${file} (${(await stat(file)).size} bytes).\n`);
      });
    });

  program
    .command("restore <file>")
    .description(
      "Replace the embedded database with a backup made by the backup command (the server must be stopped).",
    )
    .action(async (file: string) => {
      const config = loadConfig();
      if (config.databaseUrl) throw new Error(SERVER_BACKUP_HINT);
      const unlock = lockDataDir(config.dataDir, "openverde restore");
      const incoming = `${EMBEDDED_FOLDER}.restoring`;
      const previous = `${EMBEDDED_FOLDER}.previous`;
      try {
        const header = (await readFile(file)).subarray(0, 2);
        const gzipped = header[0] === 0x1f && header[1] === 0x8b;
        const dump = gzipped ? await gunzipToBlob(file) : new Blob([await readFile(file)]);
        await rm(join(config.dataDir, incoming), { recursive: true, force: true });
        // Load and check the backup beside the current data; only a good one replaces it.
        const restored = await openDatabase({
          dataDir: config.dataDir,
          databaseUrl: undefined,
          purpose: "openverde restore",
          loadDataDir: dump,
          embeddedFolder: incoming,
          alreadyLocked: true,
        });
        try {
          await migrate(restored.db, migrationSources(composition));
        } finally {
          await restored.close();
        }
        await rm(join(config.dataDir, previous), { recursive: true, force: true });
        await rename(join(config.dataDir, EMBEDDED_FOLDER), join(config.dataDir, previous)).catch(() => {});
        await rename(join(config.dataDir, incoming), join(config.dataDir, EMBEDDED_FOLDER));
        await rm(join(config.dataDir, previous), { recursive: true, force: true });
      } finally {
        unlock();
      }
      process.stdout.write(`Restored ${file} into ${config.dataDir}.\n`);
    });
}
