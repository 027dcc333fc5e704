import type { RealmRole } from "../platform/auth/actor";
import type { TestPlatform } from "./test-platform";

export interface TestUser {
  username: string;
  roles: RealmRole[];
  email?: string;
  name?: string;
}

export interface SignedInTestUser {
  userId: string;
  /** The value of the Authorization header, e.g. "Bearer ...". */
  authorization: string;
}

/**
 * Creates the user on the platform if it is not there yet, and returns credentials for it that pass
 * the platform's real authenticator.
 */
export async function signIn(platform: TestPlatform, user: TestUser): Promise<SignedInTestUser> {
  const { provisionTestUser } = await import("./provision-user");
  return provisionTestUser(platform, user);
}

export async function bearerFor(platform: TestPlatform, user: TestUser): Promise<string> {
  return (await signIn(platform, user)).authorization;
}
