/**
 * The node arguments that run the server the way `npm start` does: compiled (built first when its
 * sources changed) and with the server's heap settings, so benchmarks measure what users run.
 */
// @ts-expect-error: a plain ES module shared with npm start, without type declarations.
import * as serverBuild from "../../scripts/server-build.mjs";

const { ensureServerBuilt, serverBundle, serverNodeArgs } = serverBuild as {
  ensureServerBuilt: () => Promise<void>;
  serverBundle: string;
  serverNodeArgs: (env?: NodeJS.ProcessEnv) => string[];
};

/** Arguments for `spawn(process.execPath, ...)`; `nodeOptions` go before the script (profiling, ...). */
export async function serverProcessArgs(nodeOptions: readonly string[] = []): Promise<string[]> {
  await ensureServerBuilt();
  return [...serverNodeArgs(), ...nodeOptions, serverBundle];
}
