import { createHash, randomBytes } from "node:crypto";
import { DEFAULT_REALM_PATH } from "../../platform/auth/realm";
import { WEB_CLIENT_ID } from "./config";

/** A browser's cookie jar, just enough for tests that walk through the sign-in pages with fetch. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  refresh_expires_in: number;
  token_type: string;
  scope?: string;
}

/** Drives the code flow with PKCE through the provider's pages, as a browser would. For tests. */
export function browser(baseUrl: string, jar = new CookieJar()) {
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(response);
    return response;
  };
  const form = (values: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(values).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  return {
    jar,
    go,
    form,
    /** Starts an authorization request; returns the verifier and the response (a redirect to the login page). */
    async authorize(
      options: { redirectPath?: string; prompt?: string; extra?: Record<string, string> } = {},
    ) {
      const verifier = randomBytes(72).toString("base64url"); // 96 characters, like the web app's
      const query = new URLSearchParams({
        client_id: WEB_CLIENT_ID,
        response_type: "code",
        response_mode: "fragment",
        scope: "openid",
        redirect_uri: `${baseUrl}${options.redirectPath ?? "/platform-redirect"}`,
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
        state: randomBytes(8).toString("hex"),
        nonce: randomBytes(8).toString("hex"),
        ...(options.prompt ? { prompt: options.prompt } : {}),
        ...options.extra,
      });
      const response = await go(`${DEFAULT_REALM_PATH}/protocol/openid-connect/auth?${query}`);
      return { verifier, state: query.get("state") as string, response };
    },
    /** Follows redirects until one leaves the provider (the client's redirect URI) or a page is shown. */
    async follow(response: Response): Promise<Response> {
      let current = response;
      for (let i = 0; i < 10 && current.status >= 300 && current.status < 400; i++) {
        const location = current.headers.get("location") as string;
        if (!new URL(location, baseUrl).pathname.startsWith(DEFAULT_REALM_PATH)) return current;
        current = await go(location);
      }
      return current;
    },
    async exchange(code: string, verifier: string, redirectPath = "/platform-redirect") {
      return fetch(`${baseUrl}${DEFAULT_REALM_PATH}/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          client_id: WEB_CLIENT_ID,
          redirect_uri: `${baseUrl}${redirectPath}`,
        }),
      });
    },
    async refresh(refreshToken: string) {
      return fetch(`${baseUrl}${DEFAULT_REALM_PATH}/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: WEB_CLIENT_ID,
        }),
      });
    },
  };
}

export const formAction = (html: string) =>
  /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");

export const fragmentParams = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

/** The whole sign-in of a user with a password; returns the tokens. For tests. */
export async function signInWithPassword(baseUrl: string, username: string, password: string) {
  const client = browser(baseUrl);
  const { verifier, response } = await client.authorize();
  const loginPage = await client.follow(response);
  const action = formAction(await loginPage.text());
  if (!action) throw new Error(`no login form (status ${loginPage.status})`);
  const done = await client.follow(await client.go(action, client.form({ username, password })));
  const location = done.headers.get("location");
  if (!location) throw new Error(`sign-in did not come back (status ${done.status})`);
  const code = fragmentParams(location).get("code");
  if (!code) throw new Error(`no code in ${location}`);
  const tokens = (await (await client.exchange(code, verifier)).json()) as Tokens;
  return { client, tokens, location };
}
