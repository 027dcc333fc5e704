/** What the views need to know to open a cited document. */
export interface DocumentRequest {
  /** The document id (SHA-256 of its bytes): `fileReference` of a data source. */
  fileReference: string;
  fileName?: string;
  /** The cited page(s) as the data source writes them: `12` or `12-15`. */
  page?: string;
  /** The dataset citing the document; private (VSME) documents are fetched through it. */
  dataId?: string;
}

/** The page to open: the first of a cited range; 1 when none or unreadable. */
export function firstCitedPage(page: string | undefined): number {
  const match = /^\s*(\d+)/.exec(page ?? "");
  const number = match ? Number(match[1]) : 1;
  return Math.max(number, 1);
}

/**
 * The page the viewer opens at: the first cited page, or page 1 with `citedPageMissing` when the
 * document has fewer pages than the citation names (the reader must be told, not shown another page).
 */
export function openingPage(
  citedPage: string | undefined,
  pageCount: number,
): { page: number; citedPageMissing: boolean } {
  const cited = firstCitedPage(citedPage);
  return cited <= pageCount ? { page: cited, citedPageMissing: false } : { page: 1, citedPageMissing: true };
}

export function toDocumentRequest(
  reference: Record<string, unknown>,
  dataId?: string,
): DocumentRequest | null {
  if (typeof reference.fileReference !== "string" || !reference.fileReference) return null;
  return {
    fileReference: reference.fileReference,
    ...(typeof reference.fileName === "string" ? { fileName: reference.fileName } : {}),
    ...(typeof reference.page === "string" ? { page: reference.page } : {}),
    ...(dataId ? { dataId } : {}),
  };
}

/** The address of the document at the cited page, for browsers' own PDF viewers. */
export function documentAddress(request: DocumentRequest): string {
  const page = firstCitedPage(request.page);
  return `/documents/${encodeURIComponent(request.fileReference)}#page=${page}`;
}
