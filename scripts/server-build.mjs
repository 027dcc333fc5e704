// Compiles the server into one JavaScript module when its sources (or the framework definitions it
// uses) changed since the last build. Used by `npm start` and the benchmarks: running compiled code
// spares the server the TypeScript loader, which in Node 20 keeps a second V8 isolate on its own
// thread plus every transformed source and source map, tens of MiB of resident memory.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { newestChange } from "./web-build.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const entry = join(root, "apps/server/src/main.ts");
const cliEntry = join(root, "apps/server/src/cli/main.ts");
const sources = [
  join(root, "apps/server/src"),
  join(root, "packages/frameworks/src"),
  fileURLToPath(import.meta.url),
];

/** The compiled server; it sits at the same depth as apps/server/src. */
export const serverBundle = join(root, "apps/server/dist/main.js");

/**
 * The compiled operator commands (`npm run cli`), beside the server. Through the TypeScript loader a
 * command spent about 4 s of CPU loading its sources before doing anything; compiled, well under one.
 */
export const cliBundle = join(root, "apps/server/dist/cli.js");

/**
 * The thread that reads a GLEIF golden copy while the import command writes (see
 * gleif-reader-thread.ts), compiled with the commands; it finds itself beside them.
 */
const gleifReaderEntry = join(root, "apps/server/src/modules/companies/gleif-reader-worker.ts");
const gleifReaderBundle = join(root, "apps/server/dist/gleif-reader-worker.js");

/**
 * V8 settings for the server process. With no heap limit V8 lets the old generation grow to about
 * four times the live data before collecting, and a busy server (uploads, exports) promotes enough
 * short-lived data to sit at two to three times the memory it needs. Below 2 GiB V8 grows the heap
 * more gently; 1 GiB is still many times the server's live data (about 60 MiB). An operator's own
 * setting in NODE_OPTIONS wins.
 */
const HEAP_FLAGS = ["--max-old-space-size=1024"];

export function serverNodeArgs(env = process.env) {
  const chosen = env.NODE_OPTIONS ?? "";
  return HEAP_FLAGS.filter((flag) => !chosen.includes(flag.split("=")[0]));
}

function needsBuild(bundle) {
  if (!existsSync(bundle)) return true;
  return Math.max(...sources.map(newestChange)) > statSync(bundle).mtimeMs;
}

export function serverNeedsBuild() {
  return needsBuild(serverBundle);
}

export function cliNeedsBuild() {
  return needsBuild(cliBundle) || needsBuild(gleifReaderBundle);
}

/**
 * Dependencies stay in node_modules (some read their own files); only the workspace's TypeScript,
 * the server and @openverde/frameworks, is compiled in.
 */
const dependenciesExternal = {
  name: "dependencies-external",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@openverde/") ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Modules find their migrations and other files through import.meta.url or import.meta.dirname.
 * In one bundle those would all name the bundle, so each source file's own location is put back,
 * relative to the bundle so that the checkout can move.
 */
const ownLocation = {
  name: "own-location",
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url") && !source.includes("import.meta.dirname"))
        return { contents: source, loader: "ts" };
      const fromBundle = relative(dirname(serverBundle), args.path).replaceAll("\\", "/");
      const contents = source
        .replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`)
        .replaceAll(
          "import.meta.dirname",
          `(import.meta.dirname + ${JSON.stringify(`/${dirname(fromBundle)}`)})`,
        );
      return { contents, loader: "ts" };
    });
  },
};

/** Compiles one entry point of the server's sources into `outfile`. */
async function compile(entryPoint, outfile) {
  // Dated from the start: a source saved while esbuild runs then still counts as newer than the build.
  const startedAt = new Date();
  const result = await build({
    entryPoints: [entryPoint],
    outfile,
    write: false,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [dependenciesExternal, ownLocation],
    // platform/compiled.ts: code that runs differently compiled (the GLEIF reader thread) asks it.
    define: { OPENVERDE_COMPILED: "true" },
    sourcemap: "linked",
    logLevel: "warning",
  });
  mkdirSync(dirname(outfile), { recursive: true });
  // The map first, so a bundle never points at a map of another build.
  const outputs = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith(".map")) - Number(a.path.endsWith(".map")),
  );
  // Each file is written beside its place and renamed, so a server starting meanwhile never reads half a file.
  for (const output of outputs) {
    const partial = `${output.path}.${process.pid}.tmp`;
    writeFileSync(partial, output.contents);
    utimesSync(partial, startedAt, startedAt);
    renameSync(partial, output.path);
  }
}

export async function buildServer() {
  await compile(entry, serverBundle);
}

export async function buildCli() {
  await compile(gleifReaderEntry, gleifReaderBundle);
  // Last: its date tells whether the commands are stale.
  await compile(cliEntry, cliBundle);
}

export async function ensureServerBuilt() {
  if (!serverNeedsBuild()) return;
  process.stdout.write("Building the server...\n");
  await buildServer();
}

/** Builds the operator commands when stale; says so on stderr, as a command's output may be read by a script. */
export async function ensureCliBuilt() {
  if (!cliNeedsBuild()) return;
  process.stderr.write("Building the operator commands...\n");
  await buildCli();
}

// `node scripts/server-build.mjs` (or `npm run build -w @openverde/server`) builds both unconditionally.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  await buildCli();
}
