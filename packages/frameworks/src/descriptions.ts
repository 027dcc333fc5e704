/**
 * One sentence per framework in our own words: what its data is about. Shown where a framework is
 * chosen and published as the business definition of its specification.
 */
import type { FrameworkId } from "./model.ts";

export const frameworkDescriptions: Record<FrameworkId, string> = {
  sfdr: "Principal adverse impact indicators that financial market participants disclose under the EU SFDR.",
  "eutaxonomy-financials":
    "EU Taxonomy key performance indicators of banks, insurers, asset managers and investment firms.",
  "eutaxonomy-financials-2026-73":
    "EU Taxonomy key performance indicators of banks, insurers, asset managers and investment firms, in the simplified form of Delegated Regulation (EU) 2026/73.",
  "eutaxonomy-non-financials":
    "EU Taxonomy eligibility and alignment of revenue, CapEx and OpEx of non-financial companies.",
  "eutaxonomy-non-financials-2026-73":
    "EU Taxonomy eligibility and alignment of revenue, CapEx and OpEx of non-financial companies, in the simplified form of Delegated Regulation (EU) 2026/73.",
  "nuclear-and-gas": "EU Taxonomy disclosures on nuclear energy and fossil gas activities.",
  lksg: "Due diligence under the German Supply Chain Act (Lieferkettengesetz).",
  pcaf: "Company values and greenhouse gas emissions for financed-emissions accounting under PCAF.",
  vsme: "The voluntary sustainability reporting standard for small and medium enterprises (private data).",
};
