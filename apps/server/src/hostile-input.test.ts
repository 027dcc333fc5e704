import fc from "fast-check";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COMPANY_ID } from "./modules/companies/demo-ids";
import {
  databaseFingerprint,
  fingerprintDifference,
  installWriteCounter,
  writesBetween,
} from "./testing/database-fingerprint";
import { type Built, encodeHostile, injectBuilt, parsedOrUndefined, setAt } from "./testing/hostile-requests";
import {
  fillPath,
  isErrorFormat,
  loadOperations,
  multipartBody,
  type Operation,
  sampleValue,
} from "./testing/openapi-operations";
import { bearerFor } from "./testing/sign-in";
import { startTestPlatform, type TestPlatform } from "./testing/test-platform";

/** How many generated requests one run sends (the issue asks for at least 10,000). */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 10_000);
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;

const NASTY = [
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2f",
  "%252e%252e%252f",
  "..\\..\\windows\\win.ini",
  "%00",
  "\u0000",
  "a\u0000b",
  "' OR '1'='1",
  "'; drop table company; --",
  '" OR 1=1 --',
  "1; select pg_sleep(5)",
  "$1",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the log4j lookup string, sent as it is
  "${jndi:ldap://example.org/a}",
  "{{7*7}}",
  '{"$where": "1"}',
  "\\",
  "%",
  "%ZZ",
  "\uD800",
  "\uFFFF",
  "\uFEFF",
  "\u202Egnp.exe",
  "e\u0301\u0301\u0301",
  "𝕆𝕡𝕖𝕟𝕧𝕖𝕣𝕕𝕖",
  "ﷺ",
  "NaN",
  "Infinity",
  "-1",
  "-0",
  "1e309",
  "9".repeat(400),
  "",
  " ",
  "null",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "a".repeat(10_000),
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3000 }) },
);

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1, true, false, null, [], {}),
  },
  { weight: 1, arbitrary: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }) },
);

/** JSON text nested `depth` levels deep, as arrays or as objects. */
const nestedJson = (depth: number, kind: "array" | "object") =>
  kind === "array"
    ? `${"[".repeat(depth)}${"]".repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Text bodies that no JSON schema walker should choke on. */
const deepBody = fc
  .tuple(fc.integer({ min: 100, max: 200_000 }), fc.constantFrom("array" as const, "object" as const))
  .map(([depth, kind]) => nestedJson(depth, kind));
const HUGE_STRING_BODY = JSON.stringify({ companyName: "x".repeat(11 * 1024 * 1024) });
const WIDE_BODY = JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])));
const LONG_ARRAY_BODY = JSON.stringify(Array.from({ length: 200_000 }, () => 1));
/** Bodies whose cost grows with their size; each goes once to every operation that takes a body. */
const BIG_BODIES: [string, string][] = [
  ["200,000 wrong items", LONG_ARRAY_BODY],
  ["200,000 wrong objects", JSON.stringify(Array.from({ length: 200_000 }, () => ({ x: 1 })))],
  ["50,000 unknown keys", WIDE_BODY],
  ["200,000-deep array", nestedJson(200_000, "array")],
  ["200,000-deep object", nestedJson(200_000, "object")],
];

type Attack =
  | { kind: "path"; value: string; raw: boolean }
  | { kind: "query"; values: [string, string][] }
  | { kind: "body-type"; value: unknown }
  | { kind: "body-field"; path: string[]; value: unknown }
  | { kind: "body-text"; text: string; contentType: string }
  | { kind: "authorization"; value: string };

const attack: fc.Arbitrary<Attack> = fc.oneof(
  fc.record({ kind: fc.constant("path" as const), value: hostileString, raw: fc.boolean() }),
  fc.record({
    kind: fc.constant("query" as const),
    values: fc.array(fc.tuple(fc.constantFrom("", "x"), hostileString), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("body-type" as const), value: hostileJson }),
  fc.record({
    kind: fc.constant("body-field" as const),
    path: fc.array(fc.constantFrom("data", "companyId", "reportingPeriod", "0", "companyName", "x"), {
      maxLength: 3,
    }),
    value: hostileJson,
  }),
  fc.record({
    kind: fc.constant("body-text" as const),
    text: fc.oneof(
      { weight: 3, arbitrary: deepBody },
      { weight: 3, arbitrary: fc.string({ maxLength: 200 }) },
      { weight: 1, arbitrary: fc.constantFrom(HUGE_STRING_BODY, WIDE_BODY, LONG_ARRAY_BODY) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('{"a":1', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
      },
    ),
    contentType: fc.constantFrom(
      "application/json",
      "application/json; charset=utf-16",
      "text/plain",
      "application/xml",
      "multipart/form-data; boundary=x",
      "multipart/form-data",
      "application/x-www-form-urlencoded",
    ),
  }),
  fc.record({
    kind: fc.constant("authorization" as const),
    value: fc.oneof(
      hostileString.map((value) => `Bearer ${value}`),
      fc.constantFrom(
        "Bearer",
        "Basic YWRtaW46YWRtaW4=",
        "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
        `Bearer ${"A".repeat(20_000)}`,
        "Bearer ZDAwMDAwMDAtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDA0_00_0",
      ),
    ),
  }),
);

function build(operation: Operation, hit: Attack, authorization: string | undefined): Built {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "");
  const values: Record<string, string> = Object.fromEntries(
    pathNames.map((name) => [
      name,
      name === "companyId" ? DEMO_COMPANY_ID : "00000000-0000-4000-8000-000000000001",
    ]),
  );
  let path = fillPath(operation.path, values);
  if (hit.kind === "path") {
    const victim = pathNames.length > 0 ? pathNames[hit.value.length % pathNames.length] : undefined;
    const inserted = hit.raw ? hit.value.replace(/[\s#?]/g, "") : encodeHostile(hit.value);
    path = victim
      ? fillPath(operation.path, { ...values, [victim]: "\u0001" }).replace("%01", inserted)
      : `${path}/${inserted}`;
  }
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === "query" && parameter.required)
      query.set(parameter.name, String(sampleValue(parameter.schema, operation.resolve)));
  }
  if (hit.kind === "query") {
    const names = operation.parameters.filter((parameter) => parameter.in === "query").map((p) => p.name);
    for (const [prefix, value] of hit.values) {
      const name = names.length > 0 && prefix === "" ? (names[value.length % names.length] ?? "x") : "x";
      query.append(name, value);
    }
  }
  if (hit.kind === "authorization") headers.authorization = hit.value;
  const search = query.size > 0 ? `?${query.toString().replace(/%EF%BF%BD/g, "%ED%A0%80")}` : "";
  const built: Built = { method: operation.method, url: `${operation.prefix}${path}${search}`, headers };

  const sample = operation.body ? sampleValue(operation.body.schema, operation.resolve) : undefined;
  if (hit.kind === "body-text") {
    built.payload = hit.text;
    headers["content-type"] = hit.contentType;
  } else if (hit.kind === "body-type" || hit.kind === "body-field") {
    const value = hit.kind === "body-type" ? hit.value : setAt(sample, hit.path, hit.value);
    if (operation.body?.mediaType === "multipart/form-data") {
      const names = Object.keys((operation.resolve(operation.body.schema).properties ?? {}) as object);
      const multipart = multipartBody(
        names.map((name, index) =>
          index === 0 && names.length > 1
            ? { name, value: "%PDF-1.4 not really", filename: "../../evil.pdf" }
            : { name, value: JSON.stringify(value) ?? "null" },
        ),
      );
      built.payload = multipart.payload;
      headers["content-type"] = multipart.contentType;
    } else {
      built.payload = JSON.stringify(value) ?? "null";
      headers["content-type"] = "application/json";
    }
  } else if (operation.body && operation.body.mediaType !== "multipart/form-data") {
    built.payload = JSON.stringify(sample);
    headers["content-type"] = operation.body.mediaType;
  }
  return built;
}

/** Prints a request in full, so that one the server never answers can be sent again by hand. */
function reportUnanswered(label: string, request: Built): void {
  const payload =
    request.payload === undefined ? "" : ` payload ${JSON.stringify(request.payload).slice(0, 4000)}`;
  process.stdout.write(
    `hostile input: no answer after 10 s to ${label}: ${request.method} ${request.url} headers ${JSON.stringify(request.headers)}${payload}\n`,
  );
}

describe("hostile input", () => {
  let platform: TestPlatform;
  let operations: Operation[];
  let admin: string;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    platform = await startTestPlatform({ demo: true });
    operations = await loadOperations(platform.app, platform.composition);
    admin = await bearerFor(platform, {
      username: "hostile_admin",
      roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER", "ROLE_ADMIN"],
    });
    process.on("unhandledRejection", onRejection);
  });

  afterAll(async () => {
    process.off("unhandledRejection", onRejection);
    await platform?.close();
  });

  it(`answers ${RUNS} generated requests without a 5xx, in the error format, and changes nothing it refuses`, async () => {
    const db = platform.database.db as Kysely<unknown>;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const before = await databaseFingerprint(db);
    const writes = await installWriteCounter(db);
    let checks = 0;
    let sent = 0;
    let injectMs = 0;
    let accepted = 0;
    const slowest: [number, string][] = [];

    const property = fc.asyncProperty(
      fc.nat({ max: operations.length - 1 }),
      fc.boolean(),
      attack,
      async (index, signedIn, hit) => {
        const operation = operations[index] as Operation;
        const request = build(operation, hit, signedIn ? admin : undefined);
        const label = `${request.method} ${request.url.slice(0, 160)} (${hit.kind}${signedIn ? ", admin" : ""})`;
        const started = performance.now();
        const writesBefore = await writes();
        // A request that never answers would otherwise only show as the whole test timing out.
        const watchdog = setTimeout(() => reportUnanswered(label, request), 10_000);
        const response = await injectBuilt(platform.app, request).finally(() => clearTimeout(watchdog));
        // light-my-request refuses some URLs and headers before they reach the server; nothing to judge.
        if (!response) return;
        sent++;
        const took = performance.now() - started;
        injectMs += took;
        slowest.push([took, label]);
        slowest.sort((a, b) => b[0] - a[0]);
        slowest.length = Math.min(slowest.length, 8);
        const status = response.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) {
          failures.push(`${label}: ${status} ${response.body.slice(0, 300)}`);
          return;
        }
        if (status >= 400 && request.method !== "HEAD") {
          const body = parsedOrUndefined(response.body);
          if (!isErrorFormat(body))
            failures.push(`${label}: ${status} not in the error format: ${response.body.slice(0, 200)}`);
        }
        if (status < 400) {
          accepted++;
          return;
        }
        // A refused request must leave every table as it was: no committed row change at all.
        checks++;
        const written = writesBetween(writesBefore, await writes());
        if (written.length > 0)
          failures.push(`${label}: refused with ${status} but wrote ${written.join(", ")}`);
      },
    );
    await fc.assert(property, { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });
    process.stdout.write(
      `hostile input: ${sent} requests, ${checks} database comparisons, statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${Math.round(injectMs)} ms in requests, ${accepted} accepted; slowest ${slowest.map(([ms, label]) => `${Math.round(ms)} ms ${label.slice(0, 90)}`).join(" | ")}\n`,
    );
    // Every table has the same rows as before whenever nothing was accepted (a short run may see that).
    if (accepted === 0) expect(fingerprintDifference(before, await databaseFingerprint(db))).toEqual([]);
    expect(rejections).toEqual([]);
    expect([...new Set(failures)].slice(0, 40)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(RUNS * 0.95);
  }, 180_000);

  it("refuses every big body at every operation that takes one, in the error format and without a 5xx", async () => {
    const failures: string[] = [];
    let slowest: [number, string] = [0, ""];
    for (const operation of operations.filter((candidate) => candidate.body)) {
      for (const [name, payload] of BIG_BODIES) {
        const request = build(
          operation,
          { kind: "body-text", text: payload, contentType: "application/json" },
          admin,
        );
        const label = `${request.method} ${request.url} (${name})`;
        const started = performance.now();
        const response = await platform.app.inject({
          method: request.method as "POST",
          url: request.url,
          headers: request.headers,
          payload,
        });
        const took = performance.now() - started;
        if (took > slowest[0]) slowest = [took, label];
        if (response.statusCode >= 500) failures.push(`${label}: ${response.statusCode}`);
        else if (response.statusCode >= 400 && !isErrorFormat(parsedOrUndefined(response.body)))
          failures.push(
            `${label}: ${response.statusCode} not in the error format: ${response.body.slice(0, 200)}`,
          );
      }
    }
    process.stdout.write(`big bodies: slowest ${Math.round(slowest[0])} ms ${slowest[1]}\n`);
    expect(failures).toEqual([]);
    expect(rejections).toEqual([]);
  });

  it("answers every malformed multipart body at every multipart operation with a 400 in the error format", async () => {
    const long = "b".repeat(300);
    const bodies: [string, string, string][] = [
      ["a boundary over 256 characters", `multipart/form-data; boundary=${long}`, `--${long}\r\n`],
      [
        "a boundary of 70 characters, body cut short",
        `multipart/form-data; boundary=${"c".repeat(70)}`,
        `--${"c".repeat(70)}\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc`,
      ],
      ["no boundary", "multipart/form-data", "--x\r\n\r\n"],
      ["an empty boundary", "multipart/form-data; boundary=", "--\r\n"],
      [
        "a garbled part header",
        "multipart/form-data; boundary=x",
        "--x\r\nContent-Disposition\r\n\r\nv\r\n--x--\r\n",
      ],
    ];
    const failures: string[] = [];
    for (const operation of operations.filter(
      (candidate) => candidate.body?.mediaType === "multipart/form-data",
    )) {
      for (const [name, contentType, payload] of bodies) {
        const request = build(operation, { kind: "body-text", text: payload, contentType }, admin);
        const response = await platform.app.inject({
          method: request.method as "POST",
          url: request.url,
          headers: request.headers,
          payload,
        });
        const label = `${request.method} ${request.url} (${name})`;
        if (response.statusCode !== 400)
          failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        else if (!isErrorFormat(parsedOrUndefined(response.body)))
          failures.push(`${label}: not in the error format`);
      }
    }
    expect(
      operations.filter((candidate) => candidate.body?.mediaType === "multipart/form-data").length,
    ).toBeGreaterThanOrEqual(2);
    expect(failures).toEqual([]);
  });
});
