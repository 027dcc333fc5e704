import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerFor } from "../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../testing/test-platform";

let platform: TestPlatform;
let authorization: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  authorization = await bearerFor(platform, {
    username: "ids-in-paths",
    roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER", "ROLE_ADMIN"],
  });
});
afterAll(async () => platform?.close());

/** Operations that name one thing by its id in the path, one of each module that has such ids. */
const OPERATIONS: [method: string, path: (id: string) => string][] = [
  ["GET", (id) => `/api/companies/${id}`],
  ["GET", (id) => `/api/companies/${id}/info`],
  ["GET", (id) => `/api/metadata/${id}`],
  ["GET", (id) => `/api/data/sfdr/${id}`],
  ["GET", (id) => `/api/data-points/${id}`],
  ["GET", (id) => `/api/export/${id}/state`],
  ["GET", (id) => `/qa/datasets/${id}`],
  ["GET", (id) => `/qa/data-points/${id}`],
  ["GET", (id) => `/users/portfolios/${id}/`],
  ["PATCH", (id) => `/email/subscriptions/${id}`],
];

describe("an id in a path", () => {
  it("answers 404 alike whether the id is unknown or not an id at all", async () => {
    for (const id of [
      "6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10",
      "01890a5d-ac96-774b-bcce-b302099a8057",
      "not-a-uuid",
      "urn:uuid:6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10",
    ])
      for (const [method, path] of OPERATIONS) {
        const response = await platform.request(path(encodeURIComponent(id)), {
          method,
          headers: { authorization },
        });
        expect(response.status, `${method} ${path(id)}`).toBe(404);
        expect(((await response.json()) as { errors: { httpStatus: number }[] }).errors[0]?.httpStatus).toBe(
          404,
        );
      }
  });
});
