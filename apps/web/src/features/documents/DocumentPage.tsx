import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { useDocumentLoader } from "../../components/framework-view";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert } from "../../components/workflow";

const DocumentViewerDialog = lazy(async () => ({
  default: (await import("../../components/framework-view/DocumentViewerDialog")).DocumentViewerDialog,
}));

/** The cited page in a document link's fragment: `#page=12` or `#page=12-15`. */
export function pageInFragment(hash: string): string | undefined {
  return /^#page=(\d+(?:-\d+)?)$/.exec(hash)?.[1];
}

/**
 * `/documents/:documentId#page=N`: a source link opened in a tab of its own, or pasted elsewhere. The
 * server hands such a navigation to the app (not the bytes, which need a token), and the app shows the
 * document in its viewer at the cited page; closing it leads to the documents of its company.
 */
export function DocumentPage() {
  const { documentId = "" } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const load = useDocumentLoader();
  const meta = useQuery({
    queryKey: ["document-metadata", documentId],
    retry: false,
    queryFn: () => unwrap(api.documents.GET("/{documentId}/metadata", { params: { path: { documentId } } })),
  });
  const name = meta.data?.documentName ?? "Document";
  const companyId = meta.data?.companyIds?.[0];
  const leave = () => navigate(companyId ? `/companies/${companyId}/documents` : "/companies");

  return (
    <PageFrame title={name} description="A report cited as the source of data on Openverde.">
      {meta.isPending ? <LoadingIndicator label="Loading the document." /> : null}
      {meta.isError ? <Alert tone="error">{meta.error.message}</Alert> : null}
      {meta.isSuccess ? (
        <Suspense fallback={<LoadingIndicator label="Opening the viewer." />}>
          <DocumentViewerDialog
            request={{ fileReference: documentId, fileName: name, page: pageInFragment(hash) }}
            load={load}
            onClose={leave}
          />
        </Suspense>
      ) : null}
    </PageFrame>
  );
}
