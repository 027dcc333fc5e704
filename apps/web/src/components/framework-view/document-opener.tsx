import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";
import { unwrap, useApi } from "../../api";
import type { DocumentRequest } from "./document-reference";

/** Fetches a document's bytes with the user's credentials. */
export type DocumentLoader = (request: DocumentRequest) => Promise<Blob>;

interface DocumentOpener {
  /** Null when documents cannot be opened here (e.g. sample data); `reason` says why. */
  open: ((request: DocumentRequest) => void) | null;
  reason?: string;
}

const DocumentOpenerContext = createContext<DocumentOpener>({
  open: null,
  reason: "Documents open on the company's data pages.",
});

const DocumentViewerDialog = lazy(async () => ({
  default: (await import("./DocumentViewerDialog")).DocumentViewerDialog,
}));

/** Loads public-API documents, and private (VSME) documents through the dataset citing them. */
export function useDocumentLoader(frameworkId?: string): DocumentLoader {
  const api = useApi();
  return useCallback(
    async (request) => {
      if (frameworkId === "vsme" && request.dataId) {
        return unwrap(
          api.backend.GET("/data/vsme/documents", {
            params: { query: { dataId: request.dataId, hash: request.fileReference } },
            parseAs: "blob",
          }),
        ) as Promise<Blob>;
      }
      return unwrap(
        api.documents.GET("/{documentId}", {
          params: { path: { documentId: request.fileReference } },
          parseAs: "blob",
        }),
      ) as Promise<Blob>;
    },
    [api, frameworkId],
  );
}

/**
 * Lets every data source link below it open the cited document in the in-app PDF viewer (pdf.js),
 * at the cited page. Without a loader, links explain why they cannot open (`disabledReason`).
 */
export function DocumentOpenerProvider({
  loader,
  disabledReason,
  children,
}: {
  loader?: DocumentLoader;
  disabledReason?: string;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState<DocumentRequest | null>(null);
  // The loader changes with the sign-in state; every data source link reads this context, so its
  // value depends only on whether documents can be opened at all.
  const canOpen = loader !== undefined;
  const value = useMemo<DocumentOpener>(
    () =>
      canOpen
        ? { open: setCurrent }
        : { open: null, reason: disabledReason ?? "Documents cannot be opened here." },
    [canOpen, disabledReason],
  );
  return (
    <DocumentOpenerContext.Provider value={value}>
      {children}
      {current && loader ? (
        <Suspense fallback={null}>
          <DocumentViewerDialog request={current} load={loader} onClose={() => setCurrent(null)} />
        </Suspense>
      ) : null}
    </DocumentOpenerContext.Provider>
  );
}

export function useDocumentOpener(): DocumentOpener {
  return useContext(DocumentOpenerContext);
}
