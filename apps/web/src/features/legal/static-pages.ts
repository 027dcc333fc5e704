import dataPrivacy from "../../content/pages/dataprivacy.md?raw";
import imprint from "../../content/pages/imprint.md?raw";
import noContent from "../../content/pages/nocontent.md?raw";
import pricing from "../../content/pages/pricing.md?raw";
import terms from "../../content/pages/terms.md?raw";
import token from "../../content/pages/token.md?raw";

/** Operator-replaceable Markdown pages, by route path (files in src/content/pages). */
export const staticPages = {
  "/dataprivacy": { title: "Data privacy", source: dataPrivacy },
  "/terms": { title: "Terms of use", source: terms },
  "/pricing": { title: "Pricing", source: pricing },
  "/token": { title: "API access", source: token },
  "/imprint": { title: "Imprint", source: imprint },
  "/nocontent": { title: "Page not found", source: noContent },
} as const;

export type StaticPagePath = keyof typeof staticPages;
