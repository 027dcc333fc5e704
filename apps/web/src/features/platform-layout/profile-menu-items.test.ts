import { describe, expect, it } from "vitest";
import { profileMenuItems } from "./profile-menu-items";

const labels = (roles: string[]) =>
  profileMenuItems(roles, "https://id.example/account").map((item) => item.label);

describe("profileMenuItems", () => {
  it("offers settings, API key, data request and log out to everyone", () => {
    expect(labels(["ROLE_USER"])).toEqual(["USER SETTINGS", "API KEY", "DATA REQUEST", "LOG OUT"]);
  });

  it("adds quality assurance for reviewers", () => {
    expect(labels(["ROLE_USER", "ROLE_REVIEWER"])).toEqual([
      "USER SETTINGS",
      "API KEY",
      "DATA REQUEST",
      "QUALITY ASSURANCE",
      "LOG OUT",
    ]);
  });

  it("adds the admin console for admins", () => {
    expect(labels(["ROLE_USER", "ROLE_ADMIN"])).toEqual([
      "USER SETTINGS",
      "API KEY",
      "DATA REQUEST",
      "ADMIN CONSOLE",
      "LOG OUT",
    ]);
  });

  it("sends data requests to the bulk request page", () => {
    const dataRequest = profileMenuItems(["ROLE_USER"], "").find((item) => item.label === "DATA REQUEST");
    expect(dataRequest?.action).toEqual({ kind: "navigate", path: "/bulkdatarequest" });
  });
});
