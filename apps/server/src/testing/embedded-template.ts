import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationSources } from "../modules/registry";
import { EMBEDDED_FOLDER, openDatabase } from "../platform/db/database";
import { migrate, readMigrations } from "../platform/db/migrations";
import type { Composition } from "../platform/module";

function schemaFingerprint(composition: Composition): string {
  const hash = createHash("sha256");
  for (const migration of migrationSources(composition).flatMap(readMigrations)) {
    hash.update(`${migration.module}/${migration.version}\n${migration.sql}\n`);
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Creating an embedded database runs initdb inside WebAssembly, which takes seconds; copying a
 * migrated one takes milliseconds. The template is made once per schema and shared by every test
 * process; a process that loses the race to publish it simply uses the winner's.
 */
export async function embeddedTemplate(composition: Composition): Promise<string> {
  const template = join(tmpdir(), `openverde-test-template-${schemaFingerprint(composition)}`);
  if (existsSync(join(template, EMBEDDED_FOLDER))) return template;
  const building = mkdtempSync(join(tmpdir(), "openverde-test-template-building-"));
  const database = await openDatabase({
    dataDir: building,
    databaseUrl: undefined,
    purpose: "test template",
  });
  try {
    await migrate(database.db, migrationSources(composition));
  } finally {
    await database.close();
  }
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

export async function copyEmbeddedTemplate(composition: Composition, dataDir: string): Promise<void> {
  const template = await embeddedTemplate(composition);
  cpSync(join(template, EMBEDDED_FOLDER), join(dataDir, EMBEDDED_FOLDER), { recursive: true });
}
