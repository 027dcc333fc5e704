import { randomBytes } from "node:crypto";
import { generateApiKey } from "../modules/api-keys/service";
import { identityConfig } from "../modules/identity/config";
import { createUser, findUserByUsername, setRoles, type User } from "../modules/identity/service";
import { mintAccessToken } from "../modules/identity/tokens";
import type { SignedInTestUser, TestUser } from "./sign-in";
import type { TestPlatform } from "./test-platform";

const cache = new WeakMap<TestPlatform, Map<string, Promise<SignedInTestUser>>>();

async function ensureUser(platform: TestPlatform, user: TestUser): Promise<User> {
  const { db } = platform.database;
  const existing = await findUserByUsername(db, user.username);
  if (existing) {
    const same =
      existing.roles.length === user.roles.length &&
      user.roles.every((role) => existing.roles.includes(role));
    return same ? existing : setRoles(db, existing.userId, user.roles);
  }
  try {
    return await createUser(
      db,
      {
        username: user.username,
        email:
          user.email ?? `${user.username.toLowerCase().replace(/[^a-z0-9._-]/g, "_")}@test.openverde.example`,
        name: user.name ?? user.username,
        password: randomBytes(18).toString("base64url"),
        roles: user.roles,
      },
      { checkStrength: false },
    );
  } catch (error) {
    // Two tests provisioning one user at once: the other one won.
    const created = await findUserByUsername(db, user.username);
    if (!created) throw error;
    return created;
  }
}

async function provision(platform: TestPlatform, user: TestUser): Promise<SignedInTestUser> {
  const stored = await ensureUser(platform, user);
  const config = identityConfig(platform.context.config);
  if (config.embedded) {
    // An access token signed by the embedded provider's own key: what a browser sign-in gives, minus the browser.
    const token = await mintAccessToken(platform.database.db, config, stored, 6 * 3600);
    return { userId: stored.userId, authorization: `Bearer ${token}` };
  }
  // With an external provider we cannot sign its tokens; an API key passes the same authenticator.
  const { apiKey } = await generateApiKey(platform.database.db, stored, 1);
  return { userId: stored.userId, authorization: `Bearer ${apiKey}` };
}

/**
 * Creates the user (if missing; with exactly the given roles) and returns credentials that pass the
 * platform's real authenticator. Cached per platform, username and roles, so tests may call it often.
 */
export function provisionTestUser(platform: TestPlatform, user: TestUser): Promise<SignedInTestUser> {
  let perPlatform = cache.get(platform);
  if (!perPlatform) {
    perPlatform = new Map();
    cache.set(platform, perPlatform);
  }
  const key = `${user.username.toLowerCase()}|${[...user.roles].sort().join(",")}|${user.email ?? ""}|${user.name ?? ""}`;
  let signedIn = perPlatform.get(key);
  if (!signedIn) {
    signedIn = provision(platform, user);
    signedIn.catch(() => perPlatform?.delete(key));
    perPlatform.set(key, signedIn);
  }
  return signedIn;
}
