import { describe, expect, it } from "vitest";
import { signedInActor } from "../../testing/actors";
import { ApiError, notFound } from "../http/errors";
import { ANONYMOUS, isSignedIn } from "./actor";
import { authorize, definePolicy, isUser, rolesAllow } from "./policy";

const can = definePolicy({
  keep: (actor) => isSignedIn(actor),
  update: (actor, note: { userId: string }) => isUser(actor, note.userId) || rolesAllow(actor, "administer"),
  share: async (actor, note: { userId: string }) => isUser(actor, note.userId),
});

const refusal = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    if (error instanceof ApiError) return [error.httpStatus, error.message];
    throw error;
  }
  return undefined;
};

describe("policies", () => {
  it("answer yes or no per action, with the resource the action needs", async () => {
    const note = { userId: "ann" };
    expect(can(signedInActor("ann"), "update", note)).toBe(true);
    expect(can(signedInActor("bob"), "update", note)).toBe(false);
    expect(can(signedInActor("eve", ["ROLE_ADMIN"]), "update", note)).toBe(true);
    expect(can(ANONYMOUS, "update", note)).toBe(false);
    expect(can(ANONYMOUS, "keep")).toBe(false);
    expect(await can(signedInActor("ann"), "share", note)).toBe(true);
    // @ts-expect-error: an action the policy does not know
    expect(() => can(signedInActor("ann"), "delete", note)).toThrow();
    // @ts-expect-error: an action with a resource needs it
    expect(() => can(signedInActor("ann"), "update")).toThrow();
    // @ts-expect-error: an action without a resource takes none
    expect(can(signedInActor("ann"), "keep", note)).toBe(true);
  });

  it("turn a no into 401 for visitors, 403 with the message or the error given for users", () => {
    expect(refusal(() => authorize(ANONYMOUS, false, "Not yours."))?.[0]).toBe(401);
    expect(refusal(() => authorize(ANONYMOUS, true))?.[0]).toBe(401);
    expect(refusal(() => authorize(signedInActor("bob"), false, "Not yours."))).toEqual([403, "Not yours."]);
    expect(refusal(() => authorize(signedInActor("bob"), false))).toEqual([
      403,
      "You are not allowed to do this.",
    ]);
    expect(refusal(() => authorize(signedInActor("bob"), false, notFound("There is no note 7.")))).toEqual([
      404,
      "There is no note 7.",
    ]);
    expect(
      authorize(signedInActor("ann"), can(signedInActor("ann"), "update", { userId: "ann" })).userId,
    ).toBe("ann");
    expect(authorize(signedInActor("ann")).userId).toBe("ann");
  });

  it("know no user id for visitors or for nobody", () => {
    expect(isUser(ANONYMOUS, "ann")).toBe(false);
    expect(isUser(signedInActor("ann"), null)).toBe(false);
    expect(rolesAllow(ANONYMOUS, "upload")).toBe(false);
  });
});
