/**
 * The vocabulary of impact reports: the asset classes a position may have, and what a calculation says
 * of a company it could not use. Plain data, shared by the calculations, the service and the schemas.
 */

/**
 * PCAF's asset classes that apply to a holding in a company. The PCAF framework definition has no
 * asset-class field, so the names are PCAF's own (Global GHG Accounting and Reporting Standard, Part A).
 */
export const ASSET_CLASSES = ["ListedEquityAndCorporateBonds", "BusinessLoansAndUnlistedEquity"] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const ASSET_CLASS_LABELS: Record<AssetClass, string> = {
  ListedEquityAndCorporateBonds: "Listed equity and corporate bonds",
  BusinessLoansAndUnlistedEquity: "Business loans and unlisted equity",
};

export const isAssetClass = (value: string): value is AssetClass =>
  (ASSET_CLASSES as readonly string[]).includes(value);

/** The asset class a user wrote: its name or its label, ignoring case and spaces. */
export function assetClassNamed(text: string): AssetClass | undefined {
  const folded = text.replace(/\s+/g, "").toLowerCase();
  return ASSET_CLASSES.find(
    (name) =>
      name.toLowerCase() === folded || ASSET_CLASS_LABELS[name].replace(/\s+/g, "").toLowerCase() === folded,
  );
}

/** Why a company does not count towards a figure. */
export type MissingReason = "NoDataset" | "MissingInput" | "InvalidInput";

export interface MissingCompany {
  companyId: string;
  companyName: string;
  /** The value of the investment in the company, in the report's currency. */
  positionValue: number;
  reason: MissingReason;
  /** The catalogue paths that are empty (MissingInput) or unusable (InvalidInput). */
  missingInputs: string[];
  message: string;
}

/** The money amounts a calculation starts from: a company, what is invested in it, and its data. */
export interface Holding {
  companyId: string;
  companyName: string;
  /** Value of the investment (SFDR) or outstanding amount (PCAF), in EUR (the calculations' currency). */
  value: number;
  /** The active dataset of the framework for the period; null when the company has none. */
  dataId: string | null;
  /** The dataset's data points by catalogue path, as stored (the wire JSON of each field). */
  facts: Facts;
}

export type Facts = Readonly<Record<string, unknown>>;
