#!/usr/bin/env node
// `node scripts/module-graph.mjs` (part of `npm run check`): the server's modules reach each other only
// through their index.ts, neither the shared platform layer nor a module reaches into the composition
// (modules/registry.ts) or the platform into a module, and no chain of imports between modules leads
// back to where it started. `--print` lists the module graph as arrows first. Test code is exempt: it
// may set up any module it needs. docs/developing.md ("Module boundaries") gives the layering.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

const SOURCE_FILE = /\.tsx?$/;
const TEST_FILE = /\.test\.tsx?$|[/\\]test-[^/\\]*\.tsx?$|[/\\]testing[/\\]/;

function* sourceFiles(dir) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts")) yield path;
  }
}

/** The relative specifiers a file imports or re-exports: statically, dynamically or in a type. */
export function importedSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith("."));
}

/** The file a relative specifier names, as the bundler resolves it (a `.js` suffix may stand for `.ts`). */
function resolveSpecifier(fromFile, specifier) {
  const target = resolve(dirname(fromFile), specifier);
  const stem = target.replace(/\.[cm]?js$/, "");
  const candidates = [
    target,
    `${stem}.ts`,
    `${stem}.tsx`,
    join(target, "index.ts"),
    join(target, "index.tsx"),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? target;
}

/** Where a file sits: in a module (its name and path inside it), the composition, the platform, or elsewhere. */
function placeOf(serverSrc, path) {
  const parts = relative(serverSrc, path).split(sep);
  if (parts[0] === "modules" && parts.length > 2)
    return { kind: "module", name: parts[1], inner: parts.slice(2) };
  if (parts[0] === "modules") return { kind: "composition" };
  if (parts[0] === "platform") return { kind: "platform" };
  return { kind: "other" };
}

const isSurface = (inner) => inner.length === 1 && /^index\.tsx?$/.test(inner[0]);

/** The boundary breaches, the module-to-module edges and the cycles among the sources under serverSrc. */
export function analyse(serverSrc) {
  const breaches = [];
  const edges = new Map();
  for (const file of sourceFiles(serverSrc)) {
    if (TEST_FILE.test(file)) continue;
    const from = placeOf(serverSrc, file);
    if (from.kind !== "module" && from.kind !== "platform") continue;
    for (const specifier of importedSpecifiers(file, readFileSync(file, "utf8"))) {
      const to = placeOf(serverSrc, resolveSpecifier(file, specifier));
      const where = `${relative(serverSrc, file)} imports "${specifier}"`;
      if (to.kind === "composition") {
        breaches.push(`${where}: only the composition root imports the module registry`);
      } else if (from.kind === "platform" && to.kind === "module") {
        breaches.push(`${where}: the platform layer never depends on a module`);
      } else if (from.kind === "module" && to.kind === "module" && to.name !== from.name) {
        if (!isSurface(to.inner)) breaches.push(`${where}: reach "${to.name}" through its index.ts`);
        if (!edges.has(from.name)) edges.set(from.name, new Set());
        edges.get(from.name).add(to.name);
      }
    }
  }
  return { breaches, edges, cycles: findCycles(edges) };
}

/** Every strongly connected group of two or more modules (Tarjan), each a cycle to break. */
export function findCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const connect = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return groups;
}

function main() {
  const serverSrc = resolve(import.meta.dirname, "../apps/server/src");
  const { breaches, edges, cycles } = analyse(serverSrc);
  if (process.argv.includes("--print")) {
    for (const [from, targets] of [...edges].sort())
      console.log(`${from} → ${[...targets].sort().join(", ")}`);
  }
  for (const breach of breaches) console.error(`module boundary: ${breach}`);
  for (const cycle of cycles) console.error(`module cycle: ${cycle.join(" ↔ ")} import each other`);
  if (breaches.length > 0 || cycles.length > 0) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
