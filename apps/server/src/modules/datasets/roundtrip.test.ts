import {
  type FieldDefinition,
  type FieldKind,
  type FrameworkId,
  frameworkFields,
  getDataPointType,
  getFramework,
} from "@openverde/frameworks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { PUBLIC_FRAMEWORKS } from "./framework-data";
import { company, completeDataset, json, type TestUser, user, withoutNulls } from "./test-helpers";

let platform: TestPlatform;
let admin: TestUser;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await user(platform, "rt-admin", ["ROLE_USER", "ROLE_ADMIN"]);
});
afterAll(async () => platform?.close());

it.each(PUBLIC_FRAMEWORKS)("a complete %s dataset goes in and comes back unchanged", async (framework) => {
  const { companyId } = await company(platform);
  const data = await completeDataset(platform, framework, 7);
  const upload = await platform.request(
    `/api/data/${framework}?bypassQa=true`,
    json(admin.authorization, { companyId, reportingPeriod: "2023", data }),
  );
  const meta = (await upload.json()) as { dataId: string };
  expect(upload.status, JSON.stringify(meta).slice(0, 1000)).toBe(200);
  const read = await (
    await platform.request(`/api/data/${framework}/${meta.dataId}`, json(admin.authorization))
  ).json();
  expect(withoutNulls(read)).toEqual(withoutNulls({ companyId, reportingPeriod: "2023", data }));
  const listResponse = await platform.request(
    `/api/data/${framework}/companies/${companyId}`,
    json(admin.authorization),
  );
  const listed = (await listResponse.json()) as { data: unknown; metaInfo: unknown }[];
  expect(withoutNulls(listed[0]?.data)).toEqual(withoutNulls(data));
  expect(listed[0]?.metaInfo).toMatchObject({ dataId: meta.dataId, currentlyActive: true });
});

/** A value of the wrong shape for each kind of data point of the 2026/73 versions, and where it goes. */
const invalidValues: Partial<Record<FieldKind, { at: string; value: unknown }>> = {
  decimal: { at: "value", value: "many" },
  percentage: { at: "value", value: "half" },
  currency: { at: "currency", value: "EURO" },
  date: { at: "value", value: "31.12.2025" },
  yesNo: { at: "value", value: "Maybe" },
  yesNoNa: { at: "value", value: "Perhaps" },
  singleChoice: { at: "value", value: "Sometimes" },
  assurance: { at: "value", value: "Full" },
  euTaxonomyEligibleOrAlignedActivities: { at: "value", value: [{ activityName: "NoSuchActivity" }] },
};

/** One field per data point base type of the framework: every base type is tried once. */
function fieldPerBaseType(framework: FrameworkId): [string, FieldDefinition][] {
  const fields = new Map<string, FieldDefinition>();
  for (const field of frameworkFields(getFramework(framework))) {
    const baseType = field.dataPointTypeId && getDataPointType(field.dataPointTypeId)?.dataPointBaseType.id;
    if (baseType && !fields.has(`${baseType} ${field.kind}`)) fields.set(`${baseType} ${field.kind}`, field);
  }
  return [...fields];
}

describe.each(["eutaxonomy-financials-2026-73", "eutaxonomy-non-financials-2026-73"] as const)(
  "an invalid value in a %s dataset",
  (framework) => {
    it.each(fieldPerBaseType(framework))("of %s is refused with a 400 naming the field", async (_, field) => {
      const invalid = invalidValues[field.kind];
      expect(invalid, `an invalid value for ${field.kind}`).toBeDefined();
      const { companyId } = await company(platform);
      const data = await completeDataset(platform, framework, 8);
      const keys = field.path.split(".");
      let node = data as Record<string, Record<string, unknown>>;
      for (const key of keys.slice(0, -1)) node = node[key] as never;
      const point = node[keys[keys.length - 1] as string] as Record<string, unknown>;
      point[invalid?.at as string] = invalid?.value;
      const upload = await platform.request(
        `/api/data/${framework}?bypassQa=true`,
        json(admin.authorization, { companyId, reportingPeriod: "2025", data }),
      );
      const body = (await upload.json()) as { errors: { message: string }[] };
      expect(upload.status).toBe(400);
      expect(body.errors.map((error) => error.message).join("\n")).toContain(`data.${field.path}`);
      const stored = await platform.request(
        `/api/data/${framework}/companies/${companyId}`,
        json(admin.authorization),
      );
      expect(await stored.json()).toEqual([]);
    });
  },
);
