import type { Page } from "playwright-core";

/**
 * Signs in through the identity provider's own form, as a person would: the page must be showing
 * the sign-in form (after a protected route or the LOGIN button sent the browser there).
 */
export async function fillSignInForm(page: Page, username: string, password = "password"): Promise<void> {
  await page.waitForURL(/\/keycloak\/realms\//);
  await page.locator("#username").fill(username);
  await page.locator("#password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens a protected page signed out, signs in on the provider's form and waits to be back on it. */
export async function signInThroughBrowser(
  page: Page,
  username: string,
  password = "password",
  path = "/companies",
): Promise<void> {
  await page.goto(path);
  await fillSignInForm(page, username, password);
  await page.waitForURL((url) => url.pathname === path && !url.hash.includes("code="), { timeout: 30_000 });
}
