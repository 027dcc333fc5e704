/**
 * Times reading only: `node --import tsx bench/gleif-import/read.ts <xml> [records]` reads the first
 * records of a golden copy with readGleifRecords (nothing written) and prints the process's CPU.
 */
import { openByteSource, readGleifRecords } from "../../apps/server/src/modules/companies/gleif";

const [file, limitText = "200000"] = process.argv.slice(2);
if (!file) throw new Error("usage: read.ts <xml> [records]");
const limit = Number(limitText);
const bytes = await openByteSource(file, /\.xml$/i);
const cpu = process.cpuUsage();
const started = performance.now();
let records = 0;
for await (const batch of readGleifRecords(bytes)) {
  records += batch.length;
  if (records >= limit) break;
}
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
console.log(
  `${records} records: ${((performance.now() - started) / 1000).toFixed(2)} s wall, ${(cpuMs / 1000).toFixed(2)} CPU-s ` +
    `(user ${(used.user / 1e6).toFixed(2)}, system ${(used.system / 1e6).toFixed(2)}), ${((cpuMs / records) * 1000).toFixed(1)} ms/1,000`,
);
