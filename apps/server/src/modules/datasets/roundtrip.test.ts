import { afterAll, beforeAll, expect, it } from "vitest";
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
