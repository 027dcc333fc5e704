import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "./platform/http/text-limits";
import { type Built, encodeHostile, injectBuilt, parsedOrUndefined, setAt } from "./testing/hostile-requests";
import {
  fillPath,
  isErrorFormat,
  loadOperations,
  multipartBody,
  type Operation,
  type Schema,
  sampleValue,
} from "./testing/openapi-operations";
import { bearerFor } from "./testing/sign-in";
import { startTestPlatform, type TestPlatform } from "./testing/test-platform";

/** How many generated requests one run sends. */
const RUNS = Number(process.env.UNICODE_RUNS ?? 3_000);
const SEED = process.env.UNICODE_SEED ? Number(process.env.UNICODE_SEED) : undefined;

/**
 * Uploads of framework data: their schemas come from the framework definitions of
 * @openverde/frameworks, which bound them as a whole (the body limit) rather than per field.
 */
const FRAMEWORK_DATA = (operation: Operation) =>
  operation.method === "POST" && /^\/data\/[^/]+$/.test(operation.path);

/** One place in a request that takes text: a path or query parameter, a JSON field, a file name. */
interface Slot {
  in: "path" | "query" | "body";
  /** The parameter name, or the keys down to the field in the body. */
  path: string[];
  maxLength: number | undefined;
}

const isStringSchema = (schema: Schema) =>
  schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string"));

/** A string schema whose values are not free text: a fixed set, a format or a pattern bounds them. */
const isBoundedOtherwise = (schema: Schema) =>
  "enum" in schema ||
  "const" in schema ||
  (typeof schema.format === "string" && schema.format !== "binary") ||
  typeof schema.pattern === "string";

function stringSlots(
  schema: Schema | undefined,
  resolve: (schema: Schema) => Schema,
  path: string[],
  depth = 0,
): Slot[] {
  const current = resolve(schema ?? {});
  if (depth > 8) return [];
  const options = [
    ...((current.oneOf as Schema[] | undefined) ?? []),
    ...((current.anyOf as Schema[] | undefined) ?? []),
    ...((current.allOf as Schema[] | undefined) ?? []),
  ];
  if (options.length > 0) return options.flatMap((option) => stringSlots(option, resolve, path, depth + 1));
  if (isStringSchema(current)) {
    if (current.format === "binary")
      return [{ in: "body", path: [...path, "$filename"], maxLength: undefined }];
    if ("enum" in current || "const" in current) return [];
    return [{ in: "body", path, maxLength: current.maxLength as number | undefined, ...schemaMark(current) }];
  }
  const slots: Slot[] = [];
  const properties = (current.properties ?? {}) as Record<string, Schema>;
  for (const [name, inner] of Object.entries(properties))
    slots.push(...stringSlots(inner, resolve, [...path, name], depth + 1));
  if (current.additionalProperties && typeof current.additionalProperties === "object")
    slots.push(...stringSlots(current.additionalProperties as Schema, resolve, [...path, "x"], depth + 1));
  if (current.items) slots.push(...stringSlots(current.items as Schema, resolve, [...path, "0"], depth + 1));
  return slots;
}

/** Keeps, on the slot, whether its schema is bounded by other means than a length. */
const schemaMark = (schema: Schema) => (isBoundedOtherwise(schema) ? { bounded: true } : {});

function slotsOf(operation: Operation): Slot[] {
  const slots: Slot[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== "path" && parameter.in !== "query") continue;
    const schema = operation.resolve(parameter.schema);
    const text = isStringSchema(schema)
      ? schema
      : schema.type === "array"
        ? operation.resolve(schema.items as Schema)
        : undefined;
    if (!text || !isStringSchema(text) || "enum" in text) continue;
    slots.push({
      in: parameter.in,
      path: [parameter.name],
      maxLength: text.maxLength as number | undefined,
      ...schemaMark(text),
    });
  }
  if (operation.body) slots.push(...stringSlots(operation.body.schema, operation.resolve, []));
  return slots;
}

const BIDI = [
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200F",
];
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const astral = fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code));
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 2, arbitrary: loneSurrogate },
  { weight: 2, arbitrary: astral },
  { weight: 1, arbitrary: fc.constant("\u0000") },
  { weight: 2, arbitrary: fc.constantFrom(...BIDI) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
);
const unicodeText = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(""));

/** `length` code points of four UTF-8 bytes each, varied by seed so that nothing compresses. */
function widestText(length: number, seed: number): string {
  let state = seed >>> 0 || 1;
  let text = "";
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += String.fromCodePoint(0x10000 + (state % 0xf0000));
  }
  return text;
}

/** The text to send: random pieces, or (where the field has a maximum) the widest text at or just over it. */
const textFor = (slot: Slot, mode: "random" | "longest" | "over", random: string, seed: number) =>
  slot.maxLength === undefined || mode === "random"
    ? random
    : widestText(slot.maxLength + (mode === "over" ? 1 : 0), seed);

function build(
  operation: Operation,
  slot: Slot,
  text: string,
  authorization: string | undefined,
  companyId: string,
): Built {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters)
    if (parameter.in === "path")
      values[parameter.name] =
        parameter.name === "companyId" ? companyId : "00000000-0000-4000-8000-000000000001";
  let path = fillPath(operation.path, values);
  if (slot.in === "path")
    path = fillPath(operation.path, { ...values, [slot.path[0] ?? ""]: "\u0001" }).replace(
      "%01",
      encodeHostile(text),
    );
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== "query") continue;
    if (slot.in === "query" && slot.path[0] === parameter.name)
      query.push(`${encodeURIComponent(parameter.name)}=${encodeHostile(text)}`);
    else if (parameter.required)
      query.push(
        `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(sampleValue(parameter.schema, operation.resolve)))}`,
      );
  }
  const built: Built = {
    method: operation.method,
    url: `${operation.prefix}${path}${query.length > 0 ? `?${query.join("&")}` : ""}`,
    headers,
  };
  if (!operation.body) return built;
  const sample = sampleValue(operation.body.schema, operation.resolve);
  const bodyPath = slot.in === "body" ? slot.path : undefined;
  if (operation.body.mediaType === "multipart/form-data") {
    const properties = (operation.resolve(operation.body.schema).properties ?? {}) as Record<string, Schema>;
    const parts = Object.entries(properties).map(([name, schema]) => {
      const resolved = operation.resolve(schema);
      const isFile =
        resolved.format === "binary" || operation.resolve(resolved.items as Schema).format === "binary";
      if (isFile) {
        const filename = bodyPath?.[0] === name && bodyPath.at(-1) === "$filename" ? text : "report.pdf";
        return { name, value: "%PDF-1.4 not really", filename };
      }
      let value = sampleValue(schema, operation.resolve);
      if (bodyPath?.[0] === name) value = setAt(value, bodyPath.slice(1), text);
      return { name, value: JSON.stringify(value) ?? "null" };
    });
    const multipart = multipartBody(parts);
    built.payload = multipart.payload;
    headers["content-type"] = multipart.contentType;
  } else {
    built.payload = JSON.stringify(bodyPath ? setAt(sample, bodyPath, text) : sample) ?? "null";
    headers["content-type"] = operation.body.mediaType;
  }
  return built;
}

describe("text from all of Unicode in every string field", () => {
  let platform: TestPlatform;
  let operations: Operation[];
  let admin: string;
  let companyId: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { RATE_LIMITS: "false" } });
    operations = await loadOperations(platform.app, platform.composition);
    admin = await bearerFor(platform, {
      username: "unicode_admin",
      roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER", "ROLE_ADMIN"],
    });
    const created = await platform.app.inject({
      method: "POST",
      url: "/api/companies",
      headers: { authorization: admin },
      payload: { companyName: "Unicode Test AG", headquarters: "Berlin", countryCode: "DE", identifiers: {} },
    });
    companyId = (created.json() as { companyId: string }).companyId;
  });
  afterAll(() => platform?.close());

  it("gives every text field of every request body a maximum length", () => {
    const unbounded = operations
      .filter((operation) => !FRAMEWORK_DATA(operation))
      .flatMap((operation) =>
        slotsOf(operation)
          .filter((slot) => slot.in === "body" && slot.maxLength === undefined && !("bounded" in slot))
          .filter((slot) => slot.path.at(-1) !== "$filename")
          .map(
            (slot) =>
              `${operation.method} ${operation.prefix}${operation.path} ${slot.in} ${slot.path.join(".")}`,
          ),
      );
    expect(unbounded).toEqual([]);
  });

  it(`answers ${RUNS} requests with random Unicode in one string field without a 5xx`, async () => {
    const targets = operations.flatMap((operation) =>
      slotsOf(operation).map((slot) => ({ operation, slot })),
    );
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const property = fc.asyncProperty(
      fc.nat({ max: targets.length - 1 }),
      fc.constantFrom("random" as const, "random" as const, "longest" as const, "over" as const),
      unicodeText,
      fc.nat(),
      fc.boolean(),
      async (index, mode, random, seed, signedIn) => {
        const { operation, slot } = targets[index] as (typeof targets)[number];
        const text = textFor(slot, mode, random, seed);
        const request = build(operation, slot, text, signedIn ? admin : undefined, companyId);
        const label = `${request.method} ${operation.prefix}${operation.path} ${slot.in} ${slot.path.join(".")} (${mode}${signedIn ? ", admin" : ""})`;
        const response = await injectBuilt(platform.app, request);
        // light-my-request refuses some URLs before they reach the server; nothing to judge.
        if (!response) return;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          failures.push(`${label}: ${response.statusCode} ${JSON.stringify(text).slice(0, 80)}`);
        else if (
          response.statusCode >= 400 &&
          request.method !== "HEAD" &&
          !isErrorFormat(parsedOrUndefined(response.body))
        )
          failures.push(`${label}: ${response.statusCode} not in the error format`);
      },
    );
    await fc.assert(property, { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });
    process.stdout.write(
      `unicode input: ${targets.length} fields, statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
    expect([...new Set(failures)].slice(0, 40)).toEqual([]);
  }, 240_000);

  it("stores a company whose every text is as long and as wide as allowed, and refuses one character more", async () => {
    const widest = (limit: number) => widestText(limit, limit);
    const company = {
      companyName: widest(TEXT_LIMITS.companyName),
      companyAlternativeNames: [
        widest(TEXT_LIMITS.companyName),
        `${widest(TEXT_LIMITS.companyName - 5)} b c`,
      ],
      companyLegalForm: widest(TEXT_LIMITS.title),
      headquarters: widest(TEXT_LIMITS.place),
      headquartersPostalCode: widest(TEXT_LIMITS.code),
      sector: widest(TEXT_LIMITS.place),
      sectorCodeWz: widest(TEXT_LIMITS.code),
      website: widest(TEXT_LIMITS.url),
      parentCompanyLei: widest(TEXT_LIMITS.identifier),
      identifiers: { Lei: [widest(TEXT_LIMITS.identifier)], Isin: [widest(TEXT_LIMITS.identifier - 1)] },
      countryCode: "DE",
    };
    const post = (payload: object) =>
      platform.app.inject({
        method: "POST",
        url: "/api/companies",
        headers: { authorization: admin },
        payload,
      });
    const created = await post(company);
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { companyId: string }).companyId;
    const read = await platform.app.inject({
      url: `/api/companies/${id}`,
      headers: { authorization: admin },
    });
    expect(read.json().companyInformation.companyName).toBe(company.companyName);
    const wordy = Array.from({ length: TEXT_LIMITS.companyName / 8 }, (_, index) =>
      widestText(7, index),
    ).join(" ");
    const patched = await platform.app.inject({
      method: "PATCH",
      url: `/api/companies/${id}`,
      headers: { authorization: admin },
      payload: { companyName: wordy, headquarters: widest(TEXT_LIMITS.place) },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const tooLong = await post({ ...company, companyName: widest(TEXT_LIMITS.companyName + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].message).toMatch(/companyName/);
  });
});
