import { describe, expect, it } from "vitest";
import { ANONYMOUS } from "../../platform/auth/actor";
import type { AnyDb } from "../../platform/db/database";
import { signedInActor } from "../../testing/actors";
import { addDocumentVisibilityRule, allowCompanyUploaders, can } from "./policy";

const db = {} as AnyDb;

const reader = signedInActor("reader", ["ROLE_USER"]);
const owner = signedInActor("owner", ["ROLE_USER"]);
const uploader = signedInActor("uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
const admin = signedInActor("admin", ["ROLE_USER", "ROLE_ADMIN"]);
const companies = (...companyIds: string[]) => ({ db, companyIds });
const document = (documentId: string) => ({ db, documentId });

describe("document policy", () => {
  it("reads like the rules: uploaders upload, uploader and admin change, signed-in users read", async () => {
    expect(await can(ANONYMOUS, "upload", companies())).toBe(false);
    expect(await can(reader, "upload", companies("c1"))).toBe(false);
    expect(await can(uploader, "upload", companies())).toBe(true);
    expect(await can(admin, "upload", companies())).toBe(true);
    expect(can(reader, "startUpload")).toBe(false);
    expect(can(uploader, "change", { uploaderId: "uploader" })).toBe(true);
    expect(can(signedInActor("other", ["ROLE_UPLOADER"]), "change", { uploaderId: "uploader" })).toBe(false);
    expect(can(admin, "change", { uploaderId: "uploader" })).toBe(true);
    expect(can(ANONYMOUS, "change", { uploaderId: "uploader" })).toBe(false);
    expect(await can(signedInActor("other", ["ROLE_UPLOADER"]), "link", companies("c1", "c2"))).toBe(true);
    expect(await can(admin, "link", companies("c1"))).toBe(true);
    expect(await can(reader, "link", companies("c1"))).toBe(false);
    expect(await can(ANONYMOUS, "link", companies())).toBe(false);
    expect(can(ANONYMOUS, "read")).toBe(false);
    expect(can(reader, "read")).toBe(true);
    expect(await can(ANONYMOUS, "see", document("d"))).toBe(false);
    expect(await can(reader, "see", document("d"))).toBe(true);
  });

  it("lets other modules add company uploaders and hide documents", async () => {
    allowCompanyUploaders(async (_db, actor, companyId) => actor.userId === "owner" && companyId === "c1");
    expect(can(owner, "startUpload")).toBe(true);
    // A company role is the right to upload for that company: each company linked needs it.
    expect(await can(owner, "upload", companies("c1"))).toBe(true);
    expect(await can(owner, "upload", companies("c1", "c2"))).toBe(false);
    expect(await can(owner, "upload", companies("c2"))).toBe(false);
    expect(await can(owner, "upload", companies())).toBe(false);
    expect(await can(owner, "link", companies("c1"))).toBe(true);
    expect(await can(owner, "link", companies("c1", "c2"))).toBe(false);
    expect(await can(owner, "link", companies())).toBe(true);

    addDocumentVisibilityRule(
      async (_db, actor, documentId) => documentId !== "private" || actor.userId === "owner",
    );
    expect(await can(reader, "see", document("private"))).toBe(false);
    expect(await can(owner, "see", document("private"))).toBe(true);
    expect(await can(admin, "see", document("private"))).toBe(true);
    expect(await can(reader, "see", document("public"))).toBe(true);
  });
});
