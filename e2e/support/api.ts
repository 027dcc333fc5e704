import type { Page } from "playwright-core";
import { e2eBaseUrl } from "./platform";

/** The access token the web app keeps for the signed-in user, for calls made outside the page. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith("oidc.user:")) return JSON.parse(localStorage.getItem(key) ?? "{}").access_token;
    }
    return undefined;
  });
  if (typeof token !== "string") throw new Error("The web app holds no access token.");
  return token;
}

/** A POST to the platform as the user signed in on the page, for setting up what a journey needs. */
export async function apiPost(page: Page, path: string, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(`${e2eBaseUrl()}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${await accessToken(page)}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}
