/**
 * Machine-independent evidence for the company search: for each query kind of the bench mix, the
 * statements per search and, from EXPLAIN (ANALYZE, BUFFERS) of each statement, the buffers touched,
 * the rows passing through the plan and the planning and execution time, plus the Node CPU the search itself
 * costs (Kysely and pg, without HTTP). Latency on a shared machine says little; these do not move
 * with the load. Run it on a database the bench kept:
 *
 *   npm run bench -- companies-search --database-url postgres://root@127.0.0.1:5432/postgres --keep
 *   node --import tsx bench/companies-search/explain.ts --database-url postgres://root@127.0.0.1:5432/<kept>
 *     [--companies 1000000] [--queries 300] [--count] [--mix world|classic] [--register world|classic]
 *
 * --count explains numberOfCompanies instead of the search page.
 */
import { parseArgs } from "node:util";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { countCompanies, searchCompanies } from "../../apps/server/src/modules/companies/search";
import { companyAt, queryMix } from "./generate";
import { commonWords, worldCompanyAt, worldQueryMix } from "./world";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string" },
    companies: { type: "string", default: "1000000" },
    queries: { type: "string", default: "300" },
    count: { type: "boolean", default: false },
    mix: { type: "string", default: "world" },
    register: { type: "string", default: "world" },
  },
});
if (!flags["database-url"]) throw new Error("--database-url of a database the bench kept is required");

interface PlanNode {
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

const rowsThrough = (node: PlanNode): number =>
  (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1) +
  (node.Plans ?? []).reduce((sum, child) => sum + rowsThrough(child), 0);

const pool = new pg.Pool({ connectionString: flags["database-url"], max: 2 });
let statements: { sql: string; parameters: readonly unknown[] }[] = [];
const db = new Kysely({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    statements.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});

const queries = Number(flags.queries);
// The same measured part of the mix as the bench (it warms up with the first 400).
const registerSize = Number(flags.companies);
const companyOf = flags.register === "classic" ? companyAt : worldCompanyAt;
// The common words of a sample of the register are those of the whole (the generator is stationary).
const common = commonWords(companyOf, Math.min(registerSize, 100_000)).map((entry) => entry.word);
const mix =
  flags.mix === "classic"
    ? queryMix(registerSize, queries, 4242, companyOf)
    : worldQueryMix(registerSize, queries + 400, common, 2323, companyOf).slice(400);
interface Totals {
  searches: number;
  statements: number;
  buffers: number;
  rows: number;
  milliseconds: number;
  planMilliseconds: number;
  nodeMilliseconds: number;
  worst: { buffers: number; text: string };
}
const byKind = new Map<string, Totals>();
for (const query of mix) {
  statements = [];
  const cpu = process.cpuUsage();
  if (flags.count) await countCompanies(db, { searchString: query.text });
  else await searchCompanies(db, { searchString: query.text, chunkSize: 100 });
  const used = process.cpuUsage(cpu);
  const totals = byKind.get(query.kind) ?? {
    searches: 0,
    statements: 0,
    buffers: 0,
    rows: 0,
    milliseconds: 0,
    planMilliseconds: 0,
    nodeMilliseconds: 0,
    worst: { buffers: 0, text: "" },
  };
  totals.searches++;
  totals.nodeMilliseconds += (used.user + used.system) / 1000;
  let buffers = 0;
  for (const statement of statements) {
    const result = await pool.query(
      `explain (analyze, buffers, format json) ${statement.sql}`,
      statement.parameters as unknown[],
    );
    const [explained] = result.rows[0]["QUERY PLAN"] as {
      Plan: PlanNode;
      "Execution Time": number;
      "Planning Time": number;
    }[];
    if (!explained) continue;
    totals.statements++;
    buffers += (explained.Plan["Shared Hit Blocks"] ?? 0) + (explained.Plan["Shared Read Blocks"] ?? 0);
    totals.rows += rowsThrough(explained.Plan);
    totals.milliseconds += explained["Execution Time"];
    totals.planMilliseconds += explained["Planning Time"];
  }
  totals.buffers += buffers;
  if (buffers > totals.worst.buffers) totals.worst = { buffers, text: query.text };
  byKind.set(query.kind, totals);
}

const line = (cells: (string | number)[]) => process.stdout.write(`| ${cells.join(" | ")} |\n`);
line([
  "kind",
  "searches",
  "statements/search",
  "buffers/search",
  "plan rows/search",
  "exec ms/search",
  "plan ms/search",
  "Node CPU ms/search",
  "most buffers",
]);
line(["---", "---", "---", "---", "---", "---", "---", "---", "---"]);
const all = {
  searches: 0,
  statements: 0,
  buffers: 0,
  rows: 0,
  milliseconds: 0,
  planMilliseconds: 0,
  nodeMilliseconds: 0,
};
for (const [kind, totals] of [...byKind.entries()].sort()) {
  const per = (value: number, digits = 0) => (value / totals.searches).toFixed(digits);
  line([
    kind,
    totals.searches,
    per(totals.statements, 2),
    per(totals.buffers),
    per(totals.rows),
    per(totals.milliseconds, 2),
    per(totals.planMilliseconds, 2),
    per(totals.nodeMilliseconds, 2),
    `${totals.worst.buffers} ${JSON.stringify(totals.worst.text)}`,
  ]);
  for (const key of Object.keys(all) as (keyof typeof all)[]) all[key] += totals[key];
}
const per = (value: number, digits = 0) => (value / all.searches).toFixed(digits);
line([
  "all",
  all.searches,
  per(all.statements, 2),
  per(all.buffers),
  per(all.rows),
  per(all.milliseconds, 2),
  per(all.planMilliseconds, 2),
  per(all.nodeMilliseconds, 2),
  "",
]);
await db.destroy();
