/**
 * Rules of the portfolio pages without a browser: unknown identifiers from the server's answer, the
 * per-framework periods of the enriched table, the coverage chart and the
 * enriched table's filter. Tested in portfolio-model.test.ts.
 */
import { findFramework, listFrameworks } from "@openverde/frameworks";
import type { ApiError } from "../../api";
import type { components } from "../../api/generated/users";
import { type SuggestedCompany, suggestionDetails } from "../companies/company-suggestions";

export type EnrichedPortfolio = components["schemas"]["EnrichedPortfolio"];
export type EnrichedEntry = components["schemas"]["EnrichedPortfolioEntry"];
export type BasePortfolio = components["schemas"]["BasePortfolio"];
export type NotificationFrequency = components["schemas"]["NotificationFrequency"];

export const COVERAGE_PERIODS: readonly string[] = ["2025", "2024", "2023", "2022", "2021", "2020"];

export const FREQUENCIES: readonly { value: NotificationFrequency; label: string }[] = [
  { value: "Daily", label: "Daily" },
  { value: "Weekly", label: "Weekly" },
  { value: "Monthly", label: "Monthly" },
  { value: "NoNotifications", label: "No e-mails" },
];

export const TIME_WINDOWS: readonly { value: "Standard" | "Extended"; label: string; hint: string }[] = [
  { value: "Standard", label: "Standard", hint: "periods whose fiscal year ended in the last 6 months" },
  { value: "Extended", label: "Extended", hint: "periods whose fiscal year ended in the last 16 months" },
];

export const MAX_PORTFOLIO_NAME = 100;

export function frameworkOptions(): { value: string; label: string }[] {
  return listFrameworks().map((framework) => ({ value: framework.id, label: framework.label }));
}

export function frameworkName(id: string): string {
  return findFramework(id)?.label ?? id;
}

/** The identifiers a 400 answer names as unknown ("... the identifier or id "X"."). */
export function unknownIdentifiers(error: ApiError): string[] {
  return error.details
    .filter((detail) => /identifier/i.test(detail.summary) || /identifier/i.test(detail.message))
    .map((detail) => /"([^"]+)"/.exec(detail.message)?.[1])
    .filter((value): value is string => value !== undefined);
}

/** "2024, 2023" → ["2024", "2023"]. */
export function periodsOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((period) => period.trim())
    .filter(Boolean);
}

/** The frameworks with data for at least one company, in the catalogue's order. */
export function frameworksWithData(entries: readonly EnrichedEntry[]): string[] {
  const present = new Set(entries.flatMap((entry) => Object.keys(entry.availableReportingPeriods)));
  const known = listFrameworks()
    .map((framework) => framework.id as string)
    .filter((id) => present.has(id));
  const other = [...present].filter((id) => !known.includes(id)).sort();
  return [...known, ...other];
}

export interface CoverageCell {
  period: string;
  companies: number;
  share: number;
}

export interface CoverageRow {
  framework: string;
  label: string;
  cells: CoverageCell[];
}

/** Share of the portfolio's companies with data, per framework and period. */
export function coverage(
  entries: readonly EnrichedEntry[],
  periods: readonly string[] = COVERAGE_PERIODS,
): CoverageRow[] {
  const total = entries.length;
  return frameworksWithData(entries).map((framework) => ({
    framework,
    label: frameworkName(framework),
    cells: periods.map((period) => {
      const companies = entries.filter((entry) =>
        periodsOf(entry.availableReportingPeriods[framework]).includes(period),
      ).length;
      return { period, companies, share: total === 0 ? 0 : companies / total };
    }),
  }));
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** Filters and sorts the enriched table. */
export function filterEntries(
  entries: readonly EnrichedEntry[],
  search: string,
  sort: "name" | "country" | "sector",
): EnrichedEntry[] {
  const needle = search.trim().toLowerCase();
  const key = (entry: EnrichedEntry) =>
    sort === "country" ? entry.countryCode : sort === "sector" ? (entry.sector ?? "~") : entry.companyName;
  return entries
    .filter(
      (entry) =>
        !needle ||
        entry.companyName.toLowerCase().includes(needle) ||
        (entry.sector ?? "").toLowerCase().includes(needle) ||
        entry.countryCode.toLowerCase() === needle,
    )
    .sort((a, b) => key(a).localeCompare(key(b)) || a.companyName.localeCompare(b.companyName));
}

/** A company the portfolio editor lists: its name and what tells it apart (place, LEI). */
export interface ChosenCompany {
  companyId: string;
  companyName: string;
  details: string;
}

export function chosenCompany(company: SuggestedCompany): ChosenCompany {
  return {
    companyId: company.companyId,
    companyName: company.companyName,
    details: suggestionDetails(company),
  };
}

/** The identifiers the editor saves: the listed companies' ids, then the pasted identifiers not among them. */
export function identifiersToSave(chosen: readonly ChosenCompany[], pasted: readonly string[]): string[] {
  const ids = chosen.map((company) => company.companyId);
  const known = new Set(ids.map((value) => value.toLowerCase()));
  return [...ids, ...pasted.filter((value) => !known.has(value.toLowerCase()))];
}
