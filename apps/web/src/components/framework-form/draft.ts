/** Work in progress kept in the browser, so a long form survives a reload. */
import type { FrameworkId } from "@openverde/frameworks";
import type { FormState, ReportEntry } from "./form-state";

export interface UploadDraft {
  savedAt: number;
  reportingPeriod?: string;
  templateDataId?: string;
  values: FormState["values"];
  reports: ReportEntry[];
}

const PREFIX = "openverde.uploadDraft";

export function draftKey(userId: string, companyId: string, frameworkId: FrameworkId): string {
  return `${PREFIX}.${userId}.${companyId}.${frameworkId}`;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(key: string): UploadDraft | undefined {
  const raw = storage()?.getItem(key);
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as UploadDraft;
    if (typeof draft !== "object" || draft === null || typeof draft.values !== "object") return undefined;
    // Files cannot be kept in the browser's storage: reports not yet sent must be chosen again.
    const reports = (Array.isArray(draft.reports) ? draft.reports : []).map((report) =>
      report.status === "pending" ? { ...report, status: "missingFile" as const } : report,
    );
    return { ...draft, reports };
  } catch {
    return undefined;
  }
}

export function saveDraft(key: string, draft: UploadDraft): boolean {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}
