import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../platform/http/errors";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { createUser } from "./service";

/** An address of `length` characters that the e-mail pattern accepts. */
const address = (length: number) => {
  const domain = "@example.org";
  return `${"a".repeat(length - domain.length)}${domain}`;
};

describe("the length of an account's e-mail address", () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform?.close());

  const create = (username: string, email: string) =>
    createUser(
      platform.database.db,
      { username, email, password: "a long Passphrase 42", roles: ["ROLE_USER"] },
      { checkStrength: false },
    );

  it("stores the longest address allowed, which its unique index holds", async () => {
    const user = await create("longest_email", address(TEXT_LIMITS.email));
    expect(user.email).toHaveLength(TEXT_LIMITS.email);
  });

  it("refuses a longer one with a 400 before it reaches the database", async () => {
    const refused = create("too_long_email", address(3_000));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ httpStatus: 400 });
  });
});
