/**
 * Maintainer command: regenerates the committed definition files from the reference folder.
 *   npx tsx packages/frameworks/scripts/generate.ts [path to reference folder]
 * The project never runs this at build, start or test time.
 */
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { frameworkIds } from "../src/model.ts";
import { toCompactJson } from "./lib/compact-json.ts";
import {
  buildFramework,
  buildSpecificationCatalogue,
  buildValueTypes,
  readReference,
} from "./lib/reference.ts";

const referenceFolder = resolve(process.argv[2] ?? "../shared/reference");
const definitionsFolder = join(dirname(fileURLToPath(import.meta.url)), "../src/definitions");

const reference = readReference(referenceFolder);
const frameworks = frameworkIds.map((id) => buildFramework(reference, id));
for (const framework of frameworks) {
  writeFileSync(join(definitionsFolder, `${framework.id}.json`), toCompactJson(framework));
}
writeFileSync(
  join(definitionsFolder, "value-types.json"),
  toCompactJson(buildValueTypes(reference, frameworks)),
);
writeFileSync(
  join(definitionsFolder, "specifications.json"),
  toCompactJson(buildSpecificationCatalogue(reference)),
);
console.log(`Wrote ${frameworks.length} framework definitions to ${definitionsFolder}`);
