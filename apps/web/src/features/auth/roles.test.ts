import { describe, expect, it } from "vitest";
import { isAdmin, isReviewer, isUploader } from "./roles";

describe("role helpers", () => {
  it("follow the realm roles of the demo users", () => {
    const reader = { roles: ["ROLE_USER"] };
    const reviewer = { roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER"] };
    const admin = { roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER", "ROLE_ADMIN"] };
    expect([isUploader(reader), isReviewer(reader), isAdmin(reader)]).toEqual([false, false, false]);
    expect([isUploader(reviewer), isReviewer(reviewer), isAdmin(reviewer)]).toEqual([true, true, false]);
    expect([isUploader(admin), isReviewer(admin), isAdmin(admin)]).toEqual([true, true, true]);
  });

  it("treat a missing user as having no roles", () => {
    expect(isAdmin(null)).toBe(false);
  });
});
