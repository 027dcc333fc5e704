/**
 * The calls of an upload: check and send reports, send the dataset (VSME as multipart with its
 * documents). Multipart bodies go through fetch with the same bearer token the typed clients use.
 */
import type { FrameworkId } from "@openverde/frameworks";
import { type ApiClients, ApiError, toApiError, unwrap } from "../../api";
import type { components } from "../../api/generated/backend";
import type { ReportEntry } from "../../components/framework-form";
import { getJson } from "../../lib/get-json";

export type DataMetaInformation = components["schemas"]["DataMetaInformation"];

/** Whether a report (by its hash) is on the platform already; "no" is an answer, not a 404. */
export async function documentExists(accessToken: string, documentId: string): Promise<boolean> {
  const { exists } = await getJson<{ exists: boolean }>(
    `/documents/${encodeURIComponent(documentId)}/existence`,
    accessToken,
  );
  return exists;
}

async function send(url: string, token: string, body: FormData): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body });
  } catch (error) {
    throw new Error(error instanceof Error && error.message ? error.message : "Unknown error occurred");
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed;
}

function pdfName(report: ReportEntry): string {
  return report.name.toLowerCase().endsWith(".pdf") ? report.name : `${report.name}.pdf`;
}

/** Sends one report through POST /documents with its metadata. */
export async function uploadReport(
  token: string,
  report: ReportEntry,
  file: File,
  companyId: string,
  reportingPeriod: string,
): Promise<void> {
  const form = new FormData();
  form.append(
    "documentMetaInfo",
    new Blob(
      [
        JSON.stringify({
          documentName: report.name,
          documentCategory: report.category,
          companyIds: [companyId],
          reportingPeriod,
          ...(report.publicationDate ? { publicationDate: report.publicationDate } : {}),
        }),
      ],
      { type: "application/json" },
    ),
  );
  form.append("document", file, pdfName(report));
  await send(`${window.location.origin}/documents/`, token, form);
}

export interface UploadInput {
  frameworkId: FrameworkId;
  companyId: string;
  reportingPeriod: string;
  data: Record<string, unknown>;
  bypassQa: boolean;
  /** Reports whose files still have to reach the platform. */
  pendingReports: { report: ReportEntry; file: File }[];
}

/**
 * Sends the dataset. For VSME the pending reports travel in the same multipart request; for the other
 * frameworks they are sent to the documents API first, so the dataset can cite them.
 */
export async function submitDataset(
  api: ApiClients,
  getToken: () => Promise<string>,
  input: UploadInput,
  onReportSent: (fileReference: string) => void,
): Promise<DataMetaInformation> {
  const body = { companyId: input.companyId, reportingPeriod: input.reportingPeriod, data: input.data };
  if (input.frameworkId === "vsme") {
    const form = new FormData();
    form.append("companyAssociatedVsmeData", new Blob([JSON.stringify(body)], { type: "application/json" }));
    for (const { report, file } of input.pendingReports) form.append("documents", file, pdfName(report));
    return (await send(
      `${window.location.origin}/api/data/vsme`,
      await getToken(),
      form,
    )) as DataMetaInformation;
  }
  for (const { report, file } of input.pendingReports) {
    await uploadReport(await getToken(), report, file, input.companyId, input.reportingPeriod);
    onReportSent(report.fileReference);
  }
  const path = `/data/${input.frameworkId}` as "/data/sfdr";
  return unwrap(
    api.backend.POST(path, {
      params: { query: { bypassQa: input.bypassQa } },
      body: body as never,
    }),
  );
}

/** Server problems by JSON path (`data.general.general.dataDate`), from the datasets API's error details. */
export function problemsByPath(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  return error.details.flatMap((detail) => {
    const match = /^Invalid (data(?:[.[].*)?)$/.exec(detail.summary);
    if (!match) return [];
    const path = match[1] as string;
    const message = detail.message.startsWith(`${path}: `)
      ? detail.message.slice(path.length + 2)
      : detail.message;
    return [{ path, message }];
  });
}
