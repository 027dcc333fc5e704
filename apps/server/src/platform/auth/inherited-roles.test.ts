import { describe, expect, it } from "vitest";
import { signedInActor } from "../../testing/actors";
import { type Actor, ANONYMOUS, type Authenticator } from "./actor";
import { withInheritedRoles } from "./inherited-roles";

const returning = (actor: Actor): Authenticator => ({ authenticate: async () => actor });

describe("withInheritedRoles", () => {
  it("adds the roles a user inherits to the roles they hold, asked on every request", async () => {
    const user = signedInActor("11111111-1111-4111-8111-111111111111", ["ROLE_USER"]);
    let inherited: ("ROLE_PREMIUM_USER" | "ROLE_USER")[] = ["ROLE_PREMIUM_USER", "ROLE_USER"];
    const authenticator = withInheritedRoles(returning(user), async () => inherited);
    const first = await authenticator.authenticate("Bearer x");
    expect(first.kind === "user" && [...first.roles]).toEqual(["ROLE_USER", "ROLE_PREMIUM_USER"]);
    expect([...user.roles]).toEqual(["ROLE_USER"]);
    inherited = [];
    expect(await authenticator.authenticate("Bearer x")).toBe(user);
  });

  it("leaves visitors alone without asking", async () => {
    let asked = false;
    const authenticator = withInheritedRoles(returning(ANONYMOUS), async () => {
      asked = true;
      return ["ROLE_PREMIUM_USER"];
    });
    expect(await authenticator.authenticate(undefined)).toBe(ANONYMOUS);
    expect(asked).toBe(false);
  });
});
