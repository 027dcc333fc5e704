/**
 * The rules of the data request pages that need no browser: what counts as an e-mail address
 * (spec §5), how pasted lists are read, which action a requester or an owner may take in which
 * state, and how a bulk request's answer is summarised. Tested in request-model.test.ts.
 */
import { findFramework, listFrameworks } from "@openverde/frameworks";
import type { components } from "../../api/generated/community";
import type { TagTone } from "../../components/workflow";

export type RequestStatus = components["schemas"]["RequestStatus"];
export type AccessStatus = components["schemas"]["AccessStatus"];
export type RequestPriority = components["schemas"]["RequestPriority"];
export type ExtendedStoredDataRequest = components["schemas"]["ExtendedStoredDataRequest"];
export type StoredDataRequest = components["schemas"]["StoredDataRequest"];
export type BulkDataRequestResponse = components["schemas"]["BulkDataRequestResponse"];
export type DataRequestPatch = components["schemas"]["DataRequestPatch"];
export type RequestDataType = components["schemas"]["SingleDataRequest"]["dataType"];

export const REQUEST_STATUSES: readonly RequestStatus[] = [
  "Open",
  "Answered",
  "Resolved",
  "Closed",
  "NonSourceable",
  "Withdrawn",
];
export const ACCESS_STATUSES: readonly AccessStatus[] = [
  "Public",
  "Pending",
  "Granted",
  "Declined",
  "Revoked",
];
export const REQUEST_PRIORITIES: readonly RequestPriority[] = ["Urgent", "High", "Baseline", "Low"];

/** The reporting periods offered for requests (spec §3): 2025 down to 2020. */
export const REQUEST_PERIODS: readonly string[] = ["2025", "2024", "2023", "2022", "2021", "2020"];

/** The frameworks one can ask for, with their labels. */
export function requestFrameworkOptions(): { value: RequestDataType; label: string }[] {
  return listFrameworks().map((framework) => ({ value: framework.id, label: framework.label }));
}

/** The framework a link asks to preselect (`?dataType=sfdr`), or "" when it names none we offer. */
export function requestedFramework(value: string | null): RequestDataType | "" {
  return requestFrameworkOptions().find((option) => option.value === value)?.value ?? "";
}

export function frameworkLabel(dataType: string): string {
  return findFramework(dataType)?.label ?? dataType;
}

/** Frameworks whose data is private to the company until it grants access. */
export const PRIVATE_FRAMEWORKS: ReadonlySet<string> = new Set(["vsme"]);

/**
 * Spec §5: a local part of letters, digits and _ . ! + -; then a domain of at most two subdomain
 * labels plus the domain itself, and a top-level domain of at least two letters; case-insensitive.
 */
export const EMAIL_PATTERN = /^[a-z0-9_.!+-]+@([a-z0-9-]+\.){1,3}[a-z]{2,}$/i;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Splits pasted text at commas, semicolons, spaces and line breaks; drops empties and repeats. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const item = raw.trim();
    if (!item) continue;
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** Contacts typed into a request: the valid addresses, and those that do not match the pattern. */
export function parseContacts(text: string): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const item of splitList(text)) (isValidEmail(item) ? valid : invalid).push(item);
  return { valid, invalid };
}

/** Words for the states, as the requester reads them. */
export const statusLabel: Record<RequestStatus, string> = {
  Open: "Open",
  Answered: "Answered",
  Resolved: "Resolved",
  Closed: "Closed",
  NonSourceable: "Not sourceable",
  Withdrawn: "Withdrawn",
};

export const statusTone: Record<RequestStatus, TagTone> = {
  Open: "info",
  Answered: "warning",
  Resolved: "success",
  Closed: "neutral",
  NonSourceable: "danger",
  Withdrawn: "neutral",
};

export const accessLabel: Record<AccessStatus, string> = {
  Public: "Public data",
  Pending: "Access pending",
  Granted: "Access granted",
  Declined: "Access declined",
  Revoked: "Access revoked",
};

export const accessTone: Record<AccessStatus, TagTone> = {
  Public: "neutral",
  Pending: "warning",
  Granted: "success",
  Declined: "danger",
  Revoked: "danger",
};

export const priorityTone: Record<RequestPriority, TagTone> = {
  Urgent: "accent",
  High: "warning",
  Baseline: "neutral",
  Low: "neutral",
};

/** What the requester may do with their request in its present state (docs/requests.md). */
export type RequesterAction = "withdraw" | "resolve" | "close";

export function requesterActions(status: RequestStatus): RequesterAction[] {
  if (status === "Open") return ["withdraw"];
  if (status === "Answered") return ["resolve", "close"];
  return [];
}

export const requesterActionPatch: Record<RequesterAction, RequestStatus> = {
  withdraw: "Withdrawn",
  resolve: "Resolved",
  close: "Closed",
};

/** The access decisions a company owner may take from an access status (Granted from Pending, Declined or Revoked; Declined from Pending; Revoked from Granted). */
export function ownerAccessChoices(access: AccessStatus): ("Granted" | "Declined" | "Revoked")[] {
  switch (access) {
    case "Pending":
      return ["Granted", "Declined"];
    case "Declined":
    case "Revoked":
      return ["Granted"];
    case "Granted":
      return ["Revoked"];
    default:
      return [];
  }
}

export const accessChoiceLabel: Record<"Granted" | "Declined" | "Revoked", string> = {
  Granted: "Grant access",
  Declined: "Decline",
  Revoked: "Revoke access",
};

export type BulkOutcome = "accepted" | "alreadyRequested" | "alreadyAvailable";

export interface BulkSummaryGroup {
  outcome: BulkOutcome;
  title: string;
  explanation: string;
  rows: {
    identifier: string;
    companyName: string;
    framework: string;
    reportingPeriod: string;
    link?: string;
  }[];
}

/** The bulk answer as groups to show, largest news first; empty groups left out. */
export function summariseBulk(response: BulkDataRequestResponse): {
  groups: BulkSummaryGroup[];
  rejected: string[];
  total: number;
} {
  const toRows = (items: BulkDataRequestResponse["acceptedDataRequests"]) =>
    items.map((item) => ({
      identifier: item.userProvidedIdentifier,
      companyName: item.companyName,
      framework: frameworkLabel(item.framework),
      reportingPeriod: item.reportingPeriod,
      ...(item.resourceUrl ? { link: relativeLink(item.resourceUrl) } : {}),
    }));
  const groups: BulkSummaryGroup[] = [
    {
      outcome: "accepted" as const,
      title: "Accepted",
      explanation: "New requests stored; you will hear when data arrives.",
      rows: toRows(response.acceptedDataRequests),
    },
    {
      outcome: "alreadyRequested" as const,
      title: "Already requested",
      explanation: "You have an open request for these already; nothing new was stored.",
      rows: toRows(response.alreadyExistingRequests),
    },
    {
      outcome: "alreadyAvailable" as const,
      title: "Already available",
      explanation: "This data is on Openverde already; open it instead of waiting.",
      rows: toRows(response.alreadyExistingDatasets),
    },
  ].filter((group) => group.rows.length > 0);
  const total = groups.reduce((sum, group) => sum + group.rows.length, 0);
  return { groups, rejected: response.rejectedCompanyIdentifiers, total };
}

/** The server gives absolute addresses; inside the app we follow them as paths of this origin. */
export function relativeLink(url: string): string {
  try {
    const parsed = new URL(url, "http://placeholder.invalid");
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

/** Filters of the requester's own list, applied in the browser (the API gives the whole list). */
export interface MyRequestFilters {
  search: string;
  framework: string;
  period: string;
  status: string;
}

export function filterMyRequests(
  requests: readonly ExtendedStoredDataRequest[],
  filters: MyRequestFilters,
): ExtendedStoredDataRequest[] {
  const needle = filters.search.trim().toLowerCase();
  return requests
    .filter((request) => !needle || request.companyName.toLowerCase().includes(needle))
    .filter((request) => !filters.framework || request.dataType === filters.framework)
    .filter((request) => !filters.period || request.reportingPeriod === filters.period)
    .filter((request) => !filters.status || request.requestStatus === filters.status)
    .sort((a, b) => b.lastModifiedDate - a.lastModifiedDate);
}

/** Turns a list of chosen values into a query value, leaving it out when nothing is chosen. */
export function listOrUndefined<T>(values: readonly T[]): T[] | undefined {
  return values.length > 0 ? [...values] : undefined;
}
