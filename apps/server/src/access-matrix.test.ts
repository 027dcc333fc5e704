import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "./modules/api-keys/service";
import { giveRole } from "./modules/community/test-helpers";
import { DEMO_COMPANY_ID, DEMO_COMPANY_LEI } from "./modules/companies/demo-ids";
import { samplePdf } from "./modules/documents/test-files";
import { DEMO_USERS } from "./modules/identity/demo";
import { findUserByUsername } from "./modules/identity/service";
import { DEMO_REQUEST_IDS } from "./modules/requests/seed";
import type { RealmRole } from "./platform/auth/actor";
import {
  fillPath,
  loadOperations,
  multipartBody,
  type Operation,
  operationKey,
  sampleValue,
} from "./testing/openapi-operations";
import { signIn } from "./testing/sign-in";
import { startTestPlatform, type TestPlatform } from "./testing/test-platform";

const LEVELS = ["public", "signed-in", "uploader", "reviewer", "admin", "resource"] as const;
type Level = (typeof LEVELS)[number];

interface Row {
  key: string;
  level: Level;
  rule: string;
}

/** Reads the tables of docs/permissions.md: one row per operation, under a `## <prefix>` heading. */
function readPermissionTable(prefixes: string[]): Row[] {
  const text = readFileSync(new URL("../../../docs/permissions.md", import.meta.url), "utf8");
  const rows: Row[] = [];
  let prefix: string | undefined;
  for (const line of text.split("\n")) {
    const heading = /^## (\S+)\s*$/.exec(line);
    if (heading) prefix = prefixes.includes(heading[1] ?? "") ? heading[1] : undefined;
    const row = /^\|\s*`([A-Z]+) ([^`]+)`\s*\|\s*([a-z-]+)\s*\|\s*(.*?)\s*\|\s*$/.exec(line);
    if (!prefix || !row) continue;
    const level = row[3] as Level;
    if (!LEVELS.includes(level)) throw new Error(`docs/permissions.md: unknown level "${row[3]}" in ${line}`);
    rows.push({ key: `${prefix} ${row[1]} ${row[2]}`, level, rule: row[4] ?? "" });
  }
  return rows;
}

interface MatrixActor {
  name: string;
  roles: ReadonlySet<RealmRole>;
  /** Authorization header, or undefined for a visitor. */
  authorization: string | undefined;
  /** Makes the credential fresh again (API keys are replaced or revoked by the /api-keys operations). */
  refresh?: () => Promise<void>;
}

const UNKNOWN_UUID = "00000000-0000-4000-8000-0000000f00d0";

/** What the table promises: the actor passes (not 401/403), is refused, or the resource decides. */
function expectation(level: Level, actor: MatrixActor): "pass" | 401 | 403 | "resource" {
  if (level === "public") return "pass";
  if (actor.authorization === undefined) return 401;
  switch (level) {
    case "signed-in":
      return "pass";
    case "resource":
      return "resource";
    case "uploader":
      return actor.roles.has("ROLE_UPLOADER") ? "pass" : 403;
    case "reviewer":
      return actor.roles.has("ROLE_REVIEWER") ? "pass" : 403;
    case "admin":
      return actor.roles.has("ROLE_ADMIN") ? "pass" : 403;
  }
}

describe("access matrix: every operation as every kind of actor", () => {
  let platform: TestPlatform;
  let operations: Operation[];
  let rows: Row[];
  const actors: MatrixActor[] = [];
  const byName = new Map<string, MatrixActor>();
  const ids: Record<string, string> = {};
  const dataIdOf = new Map<string, string>();
  let otherCompanyId = "";

  const call = async (
    actor: MatrixActor | undefined,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: string }> => {
    const headers: Record<string, string> = {};
    if (actor?.authorization) headers.authorization = actor.authorization;
    const response = await platform.app.inject({
      method: method as "GET",
      url,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.body };
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ demo: true });
    const { db } = platform.database;
    operations = await loadOperations(platform.app, platform.composition);
    rows = readPermissionTable(platform.composition.groups.map((group) => group.prefix));

    const one = async (query: ReturnType<typeof sql<{ id: string }>>) =>
      (await query.execute(db)).rows[0]?.id;
    const other = await one(sql<{ id: string }>`
      select company_id::text as id from company where company_id <> ${DEMO_COMPANY_ID}::uuid order by company_id limit 1`);
    otherCompanyId = other ?? UNKNOWN_UUID;

    const users: { name: string; username: string; roles: RealmRole[]; companyRole?: string }[] = [
      ...DEMO_USERS.map((user) => ({
        name: user.username === "company_owner" ? "company owner" : user.username.replace("data_", ""),
        username: user.username,
        roles: [...user.roles],
      })),
      { name: "member of another company", username: "matrix_other_member", roles: ["ROLE_USER"] },
    ];
    actors.push({ name: "visitor", roles: new Set(), authorization: undefined });
    for (const user of users) {
      const signedIn = await signIn(platform, { username: user.username, roles: user.roles });
      ids[user.name] = signedIn.userId;
      const token: MatrixActor = {
        name: user.name,
        roles: new Set(user.roles),
        authorization: signedIn.authorization,
      };
      const key: MatrixActor = {
        name: `${user.name} (API key)`,
        roles: new Set(user.roles),
        authorization: "",
      };
      key.refresh = async () => {
        const stored = await findUserByUsername(db, user.username);
        if (!stored) throw new Error(`no user ${user.username}`);
        key.authorization = `Bearer ${(await generateApiKey(db, stored)).apiKey}`;
      };
      await key.refresh();
      actors.push(token, key);
      byName.set(token.name, token);
      byName.set(key.name, key);
    }
    await giveRole(platform, otherCompanyId, ids["member of another company"] ?? "", "Member");
    const target = await signIn(platform, { username: "matrix_target", roles: ["ROLE_USER"] });
    ids.target = target.userId;

    for (const row of (
      await sql<{ data_type: string; id: string }>`
        select distinct on (data_type) data_type, data_id::text as id from dataset
        where qa_status = 'Accepted' order by data_type, currently_active desc, data_id`.execute(db)
    ).rows) {
      dataIdOf.set(row.data_type, row.id);
    }
    const sfdr = dataIdOf.get("sfdr") ?? UNKNOWN_UUID;
    ids.dataPointId =
      (await one(sql<{ id: string }>`
        select data_point_id::text as id from dataset_data_point where data_id = ${sfdr}::uuid limit 1`)) ??
      UNKNOWN_UUID;
    ids.documentId =
      (await one(sql<{ id: string }>`select document_id as id from document order by document_id limit 1`)) ??
      "0".repeat(64);
    ids.portfolioId =
      (await one(sql<{ id: string }>`
        select portfolio_id::text as id from portfolio where user_id = ${ids.reader}::uuid limit 1`)) ??
      UNKNOWN_UUID;
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("has exactly one table row for every operation of every OpenAPI document", () => {
    const documented = new Map<string, number>();
    for (const row of rows) documented.set(row.key, (documented.get(row.key) ?? 0) + 1);
    const published = new Set(operations.map(operationKey));
    const missing = [...published].filter((key) => !documented.has(key));
    const stale = [...documented.keys()].filter((key) => !published.has(key));
    const twice = [...documented].filter(([, count]) => count > 1).map(([key]) => key);
    expect({ missing, stale, twice }).toEqual({ missing: [], stale: [], twice: [] });
    expect(operations.length).toBeGreaterThan(100);
  });

  it("keeps someone else's resources to their owners", async () => {
    const reader = byName.get("reader");
    const uploader = byName.get("uploader");
    const owner = byName.get("company owner");
    const ownerKey = byName.get("company owner (API key)");
    const otherMember = byName.get("member of another company");
    const admin = byName.get("admin");
    if (!reader || !uploader || !owner || !ownerKey || !otherMember || !admin) throw new Error("actors");

    // Portfolios: read by the owner, the users it is shared with and admins; changed, shared and
    // deleted by the owner and admins; for anyone else they do not exist.
    const portfolio = `/users/portfolios/${ids.portfolioId}/`;
    expect((await call(reader, "GET", portfolio)).status).toBe(200);
    expect((await call(admin, "GET", portfolio)).status).toBe(200);
    expect((await call(uploader, "GET", portfolio)).status).toBe(404);
    expect((await call(otherMember, "GET", `${portfolio}enriched-portfolio`)).status).toBe(404);
    expect((await call(otherMember, "DELETE", portfolio)).status).toBe(404);
    const sharing = { sharedUserIds: [ids.uploader] };
    expect((await call(reader, "PATCH", `${portfolio}sharing`, sharing)).status).toBe(200);
    expect((await call(uploader, "GET", portfolio)).status).toBe(200);
    expect((await call(uploader, "GET", `${portfolio}enriched-portfolio`)).status).toBe(200);
    expect((await call(uploader, "PATCH", `${portfolio}sharing`, sharing)).status).toBe(403);
    expect((await call(uploader, "GET", `${portfolio}access-rights`)).status).toBe(403);
    expect((await call(uploader, "DELETE", portfolio)).status).toBe(403);
    expect((await call(otherMember, "GET", portfolio)).status).toBe(404);
    expect((await call(otherMember, "PATCH", `${portfolio}sharing`, sharing)).status).toBe(404);
    expect((await call(uploader, "GET", `/users/portfolios/users/${ids.reader}`)).status).toBe(403);
    expect((await call(reader, "GET", `/users/portfolios/users/${ids.reader}`)).status).toBe(200);

    // Data requests: the requester, an owner of the request's company, an admin.
    const request = `/community/requests/${DEMO_REQUEST_IDS.open}`;
    expect((await call(reader, "GET", request)).status).toBe(200);
    expect((await call(owner, "GET", request)).status).toBe(200);
    expect((await call(admin, "GET", request)).status).toBe(200);
    expect((await call(uploader, "GET", request)).status).toBe(403);
    expect((await call(otherMember, "GET", request)).status).toBe(403);
    expect((await call(otherMember, "PATCH", request, { requestStatus: "Withdrawn" })).status).toBe(403);

    // Private VSME data: members of the company and admins see it; for everyone else it does not exist.
    const vsme = dataIdOf.get("vsme");
    if (vsme) {
      expect((await call(owner, "GET", `/api/data/vsme/${vsme}`)).status).toBe(200);
      expect((await call(ownerKey, "GET", `/api/data/vsme/${vsme}`)).status).toBe(200);
      expect((await call(admin, "GET", `/api/data/vsme/${vsme}`)).status).toBe(200);
      for (const stranger of [reader, uploader, otherMember]) {
        expect((await call(stranger, "GET", `/api/data/vsme/${vsme}`)).status).toBe(404);
        const list = await call(stranger, "GET", `/api/data/vsme/companies/${DEMO_COMPANY_ID}`);
        expect(list.body).not.toContain(vsme);
        const metadata = await call(
          stranger,
          "GET",
          `/api/metadata?companyId=${DEMO_COMPANY_ID}&dataType=vsme`,
        );
        expect(metadata.body).not.toContain(vsme);
        expect((await call(stranger, "GET", `/api/metadata/${vsme}`)).status).toBe(404);
      }
    }

    // Company owners change only the contact fields of their own company.
    const company = `/api/companies/${DEMO_COMPANY_ID}`;
    expect((await call(owner, "PATCH", company, { website: "https://verdana.example" })).status).toBe(200);
    expect((await call(owner, "PATCH", company, { companyName: "Taken over" })).status).toBe(403);
    expect((await call(otherMember, "PATCH", company, { website: "https://evil.example" })).status).toBe(403);
    expect(
      (await call(owner, "PATCH", `/api/companies/${otherCompanyId}`, { website: "https://x.example" }))
        .status,
    ).toBe(403);

    // Uploads for a company: its owner may, a member of another company may not.
    const upload = { companyId: DEMO_COMPANY_ID, reportingPeriod: "2019", data: {} };
    expect((await call(otherMember, "POST", "/api/data/sfdr", upload)).status).toBe(403);
    expect([401, 403]).not.toContain((await call(owner, "POST", "/api/data/sfdr", upload)).status);
    const bypass = await call(uploader, "POST", "/api/data/sfdr?bypassQa=true", upload);
    expect(bypass.status).toBe(403);

    // Role assignments: owners manage members of their company, nobody else does.
    const assign = `/community/company-role-assignments/Member/${DEMO_COMPANY_ID}/${ids.target}`;
    expect((await call(otherMember, "POST", assign)).status).toBe(403);
    expect((await call(owner, "POST", assign)).status).toBe(200);
    const makeOwner = `/community/company-role-assignments/CompanyOwner/${DEMO_COMPANY_ID}/${ids.target}`;
    expect((await call(owner, "POST", makeOwner)).status).toBe(403);
    expect((await call(otherMember, "DELETE", assign)).status).toBe(403);
    expect((await call(owner, "DELETE", assign)).status).toBe(200);

    // An API key cannot make API keys.
    expect((await call(ownerKey, "GET", "/api-keys/generateApiKey")).status).toBe(403);
  });

  it("answers every operation as the table says", async () => {
    const table = new Map(rows.map((row) => [row.key, row]));
    const pathValues = (operation: Operation): Record<string, string> => {
      const framework = /^\/data\/([^/{]+)/.exec(operation.path)?.[1];
      // Deleting a dataset is tried on one that does not exist: the sample one serves the operations after it.
      const dataId =
        operation.method === "DELETE" && operation.path === "/data/{dataId}"
          ? UNKNOWN_UUID
          : ((framework && dataIdOf.get(framework)) ?? dataIdOf.get("sfdr") ?? UNKNOWN_UUID);
      return {
        companyId: DEMO_COMPANY_ID,
        identifierType: "Lei",
        identifier: DEMO_COMPANY_LEI,
        dataId,
        dataPointId: ids.dataPointId ?? UNKNOWN_UUID,
        exportJobId: UNKNOWN_UUID,
        // /community assigns roles to, and /admin-api disables and deletes, a user no actor signs in as.
        userId:
          operation.prefix === "/community" || operation.prefix === "/admin-api"
            ? (ids.target ?? UNKNOWN_UUID)
            : (ids.reader ?? UNKNOWN_UUID),
        role: "Member",
        dataRequestId: DEMO_REQUEST_IDS.open,
        dataType: "sfdr",
        reportingPeriod: "2024",
        documentId: ids.documentId ?? "",
        subscriptionId: UNKNOWN_UUID,
        portfolioId: ids.portfolioId ?? UNKNOWN_UUID,
        frameworkSpecificationId: "sfdr",
        dataPointTypeId: "extendedDecimalCarbonFootprintInTonnesPerMillionEURRevenue",
        dataPointBaseTypeId: "extendedDecimal",
      };
    };
    const QUERY_VALUES: Record<string, string> = {
      identifier: DEMO_COMPANY_LEI,
      companyId: DEMO_COMPANY_ID,
      reportingPeriod: "2024",
      dataId: dataIdOf.get("vsme") ?? UNKNOWN_UUID,
      hash: ids.documentId ?? "",
      qaStatus: "Accepted",
      chunkSize: "10",
      chunkIndex: "0",
      searchString: "Verdana",
      apiKey: "not-a-key",
    };

    const failures: string[] = [];
    let calls = 0;
    for (const operation of operations) {
      const row = table.get(operationKey(operation));
      if (!row) continue; // reported by the test above
      const query = new URLSearchParams();
      for (const parameter of operation.parameters) {
        if (parameter.in !== "query" || !parameter.required) continue;
        query.set(
          parameter.name,
          QUERY_VALUES[parameter.name] ?? String(sampleValue(parameter.schema, operation.resolve)),
        );
      }
      const url = `${operation.prefix === "/" ? "" : operation.prefix}${fillPath(operation.path, pathValues(operation))}${
        query.size > 0 ? `?${query}` : ""
      }`;
      for (const actor of actors) {
        if (actor.refresh && operation.prefix === "/api-keys") await actor.refresh();
        const headers: Record<string, string> = actor.authorization
          ? { authorization: actor.authorization }
          : {};
        let payload: string | Buffer | undefined;
        if (operation.body?.mediaType === "multipart/form-data") {
          const parts = Object.entries(
            (operation.resolve(operation.body.schema).properties ?? {}) as Record<
              string,
              Record<string, unknown>
            >,
          ).map(([name, schema]) => {
            const resolved = operation.resolve(schema);
            const isFile =
              resolved.format === "binary" ||
              (resolved.type === "array" && operation.resolve(resolved.items as never).format === "binary");
            return isFile
              ? { name, value: samplePdf(`matrix ${calls}`), filename: "report.pdf" }
              : { name, value: JSON.stringify(sampleValue(resolved, operation.resolve)) };
          });
          const multipart = multipartBody(parts);
          payload = multipart.payload;
          headers["content-type"] = multipart.contentType;
        } else if (operation.body) {
          payload = JSON.stringify(sampleValue(operation.body.schema, operation.resolve));
          headers["content-type"] = operation.body.mediaType;
        }
        const response = await platform.app.inject({
          method: operation.method as "GET",
          url,
          headers,
          ...(payload === undefined ? {} : { payload }),
        });
        calls++;
        const status = response.statusCode;
        const expected = expectation(row.level, actor);
        const where = `${operation.method} ${url} as ${actor.name} (${row.level})`;
        if (status >= 500) failures.push(`${where}: ${status} ${response.body.slice(0, 200)}`);
        else if (expected === "pass" && (status === 401 || status === 403))
          failures.push(`${where}: ${status}, expected to pass: ${response.body.slice(0, 200)}`);
        else if (typeof expected === "number" && status !== expected)
          failures.push(`${where}: ${status}, expected ${expected}`);
      }
    }
    expect(calls).toBeGreaterThan(operations.length * 10);
    expect(failures).toEqual([]);
  }, 180_000);
});
