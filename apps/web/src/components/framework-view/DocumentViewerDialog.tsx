import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useEffect, useRef, useState } from "react";
import type { DocumentLoader } from "./document-opener";
import { type DocumentRequest, firstCitedPage, openingPage } from "./document-reference";
import "./DocumentViewerDialog.css";

type Loaded =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "pdf"; pdf: PDFDocumentProxy; blob: Blob }
  | { state: "file"; blob: Blob };

async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import("pdfjs-dist"),
    import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

async function isPdf(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === "%PDF-";
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The in-app PDF viewer: the cited document at the cited page, with paging, zoom and download. */
export function DocumentViewerDialog({
  request,
  load,
  onClose,
}: {
  request: DocumentRequest;
  load: DocumentLoader;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [page, setPage] = useState(firstCitedPage(request.page));
  const [scale, setScale] = useState(1.25);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const title = request.fileName || "Document";
  const fileName = /\.[a-z0-9]{2,4}$/i.test(title) ? title : `${title}.pdf`;

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    setLoaded({ state: "loading" });
    (async () => {
      const blob = await load(request);
      if (!(await isPdf(blob))) {
        if (!cancelled) setLoaded({ state: "file", blob });
        return;
      }
      const pdfjs = await loadPdfJs();
      opened = await pdfjs.getDocument({
        data: new Uint8Array(await blob.arrayBuffer()),
        isEvalSupported: false,
        enableXfa: false,
      }).promise;
      if (cancelled) return;
      setPage(openingPage(request.page, opened.numPages).page);
      setLoaded({ state: "pdf", pdf: opened, blob });
    })().catch((error: unknown) => {
      if (!cancelled)
        setLoaded({
          state: "error",
          message: error instanceof Error ? error.message : "The document could not be loaded.",
        });
    });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [load, request]);

  useEffect(() => {
    if (loaded.state !== "pdf" || !canvasRef.current) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    const canvas = canvasRef.current;
    (async () => {
      const pdfPage = await loaded.pdf.getPage(page);
      if (cancelled) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = pdfPage.render({ canvas, viewport });
      await task.promise;
    })().catch(() => {});
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [loaded, page, scale]);

  const pageCount = loaded.state === "pdf" ? loaded.pdf.numPages : 0;
  const citedPageMissing = loaded.state === "pdf" && openingPage(request.page, pageCount).citedPageMissing;
  const blob = loaded.state === "pdf" || loaded.state === "file" ? loaded.blob : null;

  const footer = (
    <div className="document-viewer__toolbar">
      {loaded.state === "pdf" ? (
        <>
          <Button
            icon="pi pi-chevron-left"
            text
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => setPage((current) => current - 1)}
          />
          <output className="document-viewer__page" aria-live="polite">
            Page {page} of {pageCount}
          </output>
          <Button
            icon="pi pi-chevron-right"
            text
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => setPage((current) => current + 1)}
          />
          <Button
            icon="pi pi-search-minus"
            text
            aria-label="Zoom out"
            disabled={scale <= 0.5}
            onClick={() => setScale((current) => Math.max(0.5, current - 0.25))}
          />
          <Button
            icon="pi pi-search-plus"
            text
            aria-label="Zoom in"
            disabled={scale >= 3}
            onClick={() => setScale((current) => Math.min(3, current + 0.25))}
          />
        </>
      ) : null}
      <span className="document-viewer__spacer" />
      {blob ? (
        <Button
          icon="pi pi-download"
          label="Download"
          outlined
          onClick={() => saveBlob(blob, loaded.state === "pdf" ? fileName : title)}
        />
      ) : null}
      <Button label="Close" onClick={onClose} />
    </div>
  );

  return (
    <Dialog
      header={
        <span className="document-viewer__title">
          {title}
          {request.page ? <span className="document-viewer__cited"> · cited page {request.page}</span> : null}
        </span>
      }
      visible
      modal
      maximizable
      draggable={false}
      onHide={onClose}
      footer={footer}
      className="document-viewer"
      style={{ width: "min(64rem, 96vw)" }}
      contentClassName="document-viewer__content"
    >
      {loaded.state === "loading" ? <p className="document-viewer__status">Loading the document…</p> : null}
      {loaded.state === "error" ? (
        <p className="document-viewer__status document-viewer__status--error" role="alert">
          {loaded.message}
        </p>
      ) : null}
      {loaded.state === "file" ? (
        <p className="document-viewer__status">This file is not a PDF. Download it to open it.</p>
      ) : null}
      {citedPageMissing ? (
        <p className="document-viewer__status document-viewer__status--warning" role="status">
          The data cites page {request.page}, but this document has {pageCount}{" "}
          {pageCount === 1 ? "page" : "pages"}. It opens at page 1.
        </p>
      ) : null}
      {loaded.state === "pdf" ? (
        <div className="document-viewer__canvas-wrap">
          <canvas
            ref={canvasRef}
            className="document-viewer__canvas"
            role="img"
            aria-label={`${title}, page ${page} of ${pageCount}`}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
