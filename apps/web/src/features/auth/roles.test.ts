import { describe, expect, it } from "vitest";
import { rolesAllow } from "./roles";

const rules = ["upload", "review", "readReviews", "acceptWithoutReview", "administer"] as const;
const allowed = (user: { roles: string[] } | null) => rules.filter((rule) => rolesAllow(user, rule));

describe("role rules on the web", () => {
  it("follow the realm roles of the demo users", () => {
    expect(allowed({ roles: ["ROLE_USER"] })).toEqual([]);
    expect(allowed({ roles: ["ROLE_USER", "ROLE_UPLOADER"] })).toEqual(["upload"]);
    expect(allowed({ roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER"] })).toEqual([
      "upload",
      "review",
      "readReviews",
    ]);
    expect(allowed({ roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER", "ROLE_ADMIN"] })).toEqual(rules);
  });

  it("let an admin without other roles upload and read reviews, but not give verdicts", () => {
    expect(allowed({ roles: ["ROLE_ADMIN"] })).toEqual([
      "upload",
      "readReviews",
      "acceptWithoutReview",
      "administer",
    ]);
  });

  it("treat a missing user as having no roles", () => {
    expect(allowed(null)).toEqual([]);
  });
});
