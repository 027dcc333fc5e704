import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError } from "./data-dir-lock";
import { openDatabase } from "./database";

describe("the embedded database in DATA_DIR", () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "openverde-embedded-"));
    dirs.push(dir);
    return dir;
  };

  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps what was written across a restart", async () => {
    const dataDir = freshDir();
    const first = await openDatabase({ dataDir, databaseUrl: undefined, purpose: "first run" });
    await sql`create table kept (note text)`.execute(first.db);
    await sql`insert into kept values ('still here')`.execute(first.db);
    await first.close();

    const second = await openDatabase({ dataDir, databaseUrl: undefined, purpose: "second run" });
    const rows = await sql<{ note: string }>`select note from kept`.execute(second.db);
    await second.close();
    expect(rows.rows).toEqual([{ note: "still here" }]);
  });

  it("refuses a second process on the same directory and names the one holding it", async () => {
    const dataDir = freshDir();
    const holder = await openDatabase({
      dataDir,
      databaseUrl: undefined,
      purpose: "openverde server on port 8080",
    });
    try {
      const second = openDatabase({ dataDir, databaseUrl: undefined, purpose: "openverde cli" });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(`process ${process.pid}`);
      await expect(second).rejects.toThrow("openverde server on port 8080");
    } finally {
      await holder.close();
    }
    const afterwards = await openDatabase({
      dataDir,
      databaseUrl: undefined,
      purpose: "after the holder stopped",
    });
    await afterwards.close();
  });
});
