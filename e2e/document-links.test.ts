import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { DEMO_COMPANY_ID } from "../apps/server/src/modules/companies/demo-ids";
import { samplePdf } from "../apps/server/src/modules/documents/test-files";
import { accessToken } from "./support/api";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { fillSignInForm, signInThroughBrowser } from "./support/sign-in";

describe.skipIf(!hasChromium)("a document link opened on its own", () => {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;
  let documentId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const uploader = await newPage(browser, baseUrl);
    await signInThroughBrowser(uploader, "data_uploader");
    const form = new FormData();
    const meta = {
      documentName: "Link journey report",
      documentCategory: "Other",
      companyIds: [DEMO_COMPANY_ID],
    };
    form.append("documentMetaInfo", new Blob([JSON.stringify(meta)], { type: "application/json" }));
    form.append(
      "document",
      new Blob([new Uint8Array(samplePdf("Link journey report", 3))]),
      "link-journey.pdf",
    );
    const response = await fetch(`${baseUrl}/documents/`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken(uploader)}` },
      body: form,
    });
    if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
    documentId = ((await response.json()) as { documentId: string }).documentId;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the viewer at the linked page, after signing in, never the API's JSON", async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto(`/documents/${documentId}#page=2`);
    await fillSignInForm(page, "data_reader");
    await page.waitForURL((url) => url.pathname === `/documents/${documentId}`);
    const viewer = page.getByRole("dialog");
    await viewer.getByText("Page 2 of 3").waitFor({ timeout: 30_000 });
  });
});
