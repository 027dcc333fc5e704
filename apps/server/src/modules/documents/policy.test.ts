import { describe, expect, it } from "vitest";
import { ANONYMOUS, type RealmRole, type SignedInActor } from "../../platform/auth/actor";
import type { AnyDb } from "../../platform/db/database";
import {
  addDocumentVisibilityRule,
  allowCompanyUploaders,
  mayChangeDocument,
  mayLinkCompanies,
  mayReadDocument,
  mayUploadDocumentFor,
  mightUploadDocuments,
} from "./policy";

const db = {} as AnyDb;
const user = (userId: string, roles: RealmRole[]): SignedInActor => ({
  kind: "user",
  userId,
  username: userId,
  email: undefined,
  name: undefined,
  roles: new Set(roles),
  via: "token",
});

const reader = user("reader", ["ROLE_USER"]);
const owner = user("owner", ["ROLE_USER"]);
const uploader = user("uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
const admin = user("admin", ["ROLE_USER", "ROLE_ADMIN"]);

describe("document policy", () => {
  it("reads like the rules: uploaders upload, uploader and admin change, signed-in users read", async () => {
    expect(await mayUploadDocumentFor(db, ANONYMOUS, [])).toBe(false);
    expect(await mayUploadDocumentFor(db, reader, ["c1"])).toBe(false);
    expect(await mayUploadDocumentFor(db, uploader, [])).toBe(true);
    expect(await mayUploadDocumentFor(db, admin, [])).toBe(true);
    expect(mightUploadDocuments(reader)).toBe(false);
    expect(mayChangeDocument(uploader, { uploaderId: "uploader" })).toBe(true);
    expect(mayChangeDocument(user("other", ["ROLE_UPLOADER"]), { uploaderId: "uploader" })).toBe(false);
    expect(mayChangeDocument(admin, { uploaderId: "uploader" })).toBe(true);
    expect(await mayLinkCompanies(db, user("other", ["ROLE_UPLOADER"]), ["c1", "c2"])).toBe(true);
    expect(await mayLinkCompanies(db, admin, ["c1"])).toBe(true);
    expect(await mayLinkCompanies(db, reader, ["c1"])).toBe(false);
    expect(await mayLinkCompanies(db, ANONYMOUS, [])).toBe(false);
    expect(await mayReadDocument(db, ANONYMOUS, "d")).toBe(false);
    expect(await mayReadDocument(db, reader, "d")).toBe(true);
  });

  it("lets other modules add company uploaders and hide documents", async () => {
    allowCompanyUploaders(async (_db, actor, companyId) => actor.userId === "owner" && companyId === "c1");
    expect(mightUploadDocuments(owner)).toBe(true);
    // A company role is the right to upload for that company: each company linked needs it.
    expect(await mayUploadDocumentFor(db, owner, ["c1"])).toBe(true);
    expect(await mayUploadDocumentFor(db, owner, ["c1", "c2"])).toBe(false);
    expect(await mayUploadDocumentFor(db, owner, ["c2"])).toBe(false);
    expect(await mayUploadDocumentFor(db, owner, [])).toBe(false);
    expect(await mayLinkCompanies(db, owner, ["c1"])).toBe(true);
    expect(await mayLinkCompanies(db, owner, ["c1", "c2"])).toBe(false);
    expect(await mayLinkCompanies(db, owner, [])).toBe(true);

    addDocumentVisibilityRule(
      async (_db, actor, documentId) => documentId !== "private" || actor.userId === "owner",
    );
    expect(await mayReadDocument(db, reader, "private")).toBe(false);
    expect(await mayReadDocument(db, owner, "private")).toBe(true);
    expect(await mayReadDocument(db, admin, "private")).toBe(true);
    expect(await mayReadDocument(db, reader, "public")).toBe(true);
  });
});
