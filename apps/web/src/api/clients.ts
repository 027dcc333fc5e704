import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths as AdminPaths } from "./generated/admin-api";
import type { paths as ApiKeysPaths } from "./generated/api-keys";
import type { paths as BackendPaths } from "./generated/backend";
import type { paths as CommunityPaths } from "./generated/community";
import type { paths as DataSourcingPaths } from "./generated/data-sourcing";
import type { paths as DocumentsPaths } from "./generated/documents";
import type { paths as EmailPaths } from "./generated/email";
import type { paths as QaPaths } from "./generated/qa";
import type { paths as SpecificationsPaths } from "./generated/specifications";
import type { paths as UsersPaths } from "./generated/users";

/** One typed client per API module; paths and bodies are checked against the server's own OpenAPI documents. */
export interface ApiClients {
  backend: Client<BackendPaths>;
  apiKeys: Client<ApiKeysPaths>;
  community: Client<CommunityPaths>;
  dataSourcing: Client<DataSourcingPaths>;
  documents: Client<DocumentsPaths>;
  email: Client<EmailPaths>;
  qa: Client<QaPaths>;
  users: Client<UsersPaths>;
  specifications: Client<SpecificationsPaths>;
  admin: Client<AdminPaths>;
}

/** Supplies a fresh access token for signed-in users; undefined for visitors, whose calls go out without one. */
export type TokenSource = (() => Promise<string>) | undefined;

function bearer(tokenSource: TokenSource): Middleware {
  return {
    async onRequest({ request }) {
      if (tokenSource) request.headers.set("Authorization", `Bearer ${await tokenSource()}`);
      return request;
    },
  };
}

function client<Paths extends {}>(prefix: string, tokenSource: TokenSource): Client<Paths> {
  const created = createClient<Paths>({ baseUrl: `${window.location.origin}${prefix}` });
  created.use(bearer(tokenSource));
  return created;
}

export function createApiClients(tokenSource: TokenSource): ApiClients {
  return {
    backend: client<BackendPaths>("/api", tokenSource),
    apiKeys: client<ApiKeysPaths>("/api-keys", tokenSource),
    community: client<CommunityPaths>("/community", tokenSource),
    dataSourcing: client<DataSourcingPaths>("/data-sourcing", tokenSource),
    documents: client<DocumentsPaths>("/documents", tokenSource),
    email: client<EmailPaths>("/email", tokenSource),
    qa: client<QaPaths>("/qa", tokenSource),
    users: client<UsersPaths>("/users", tokenSource),
    specifications: client<SpecificationsPaths>("/specifications", tokenSource),
    admin: client<AdminPaths>("/admin-api", tokenSource),
  };
}
