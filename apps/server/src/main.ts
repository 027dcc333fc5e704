import { buildPlatform, seedDemo } from "./app";
import { ConfigError, loadConfig } from "./platform/config";
import { DataDirLockedError } from "./platform/db/data-dir-lock";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

async function main(): Promise<void> {
  const config = loadConfig();
  const platform = await buildPlatform(config);
  const { app } = platform;
  if (config.demo) {
    await seedDemo(platform.context, platform.composition);
    app.log.info("demo data is in place");
    if (!LOOPBACK.has(config.host)) {
      app.log.warn(
        `DEMO is on while listening on ${config.host}: the demo users with password "password" can sign in from the network. Set DEMO=false for a real deployment.`,
      );
    }
  }
  await app.listen({ port: config.port, host: config.host });
  platform.background.start();
  const where = config.databaseUrl ? "PostgreSQL server" : `embedded database in ${config.dataDir}`;
  process.stdout.write(`\nOpenverde is running at ${config.publicUrl} (${where}).\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    await platform.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`Openverde cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Openverde failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
