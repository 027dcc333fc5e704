/**
 * Calls of the explorer API. The generated clients do not carry its operations yet, so the calls are
 * made here with the user's bearer token and the shapes of `explorer-types.ts`.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { toApiError } from "../../api";
import { useAuth } from "../auth";
import type { ExplorerQueryRequest, ExplorerQueryResponse, ExportFormat } from "./explorer-types";

async function post(path: string, body: unknown, accessToken: string, accept: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: {
        Accept: accept,
        "Content-Type": "application/json",
        Authorization: `Bearer ${accessToken}`,
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : "Unknown error occurred");
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response;
}

/** The table (or chart) data for a query; nothing is asked while `request` is undefined. */
export function useExplorerQuery(
  request: ExplorerQueryRequest | undefined,
  purpose: "table" | "chart" | "keyFigures",
) {
  const { getAccessToken } = useAuth();
  return useQuery({
    queryKey: ["explorer", purpose, request],
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
    queryFn: async (): Promise<ExplorerQueryResponse> =>
      (await post("/api/explorer/query", request, await getAccessToken(), "application/json")).json(),
  });
}

const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  json: "application/json",
};

/** The file name the server gives in Content-Disposition, or a fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? "");
  return plain?.[1] ?? fallback;
}

/** The whole table (every page, in the table's order) as a file of the format. */
export async function exportTable(
  request: ExplorerQueryRequest,
  format: ExportFormat,
  accessToken: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { chunkSize: _size, chunkIndex: _index, ...body } = request;
  const response = await post(
    `/api/explorer/export?format=${format}`,
    body,
    accessToken,
    EXPORT_TYPES[format],
  );
  const blob = await response.blob();
  return {
    blob,
    fileName: attachmentName(response.headers.get("content-disposition"), `explorer.${format}`),
  };
}
