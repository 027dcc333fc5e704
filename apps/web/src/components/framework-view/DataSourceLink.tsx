import { useDocumentOpener } from "./document-opener";
import { documentAddress, toDocumentRequest } from "./document-reference";
import { documentLabel } from "./structured-value";

/**
 * A data source: the cited report and page. Opens the report at that page in the in-app viewer; where
 * documents cannot be opened (sample data), it says why instead of pretending to be a link.
 */
export function DataSourceLink({ source, dataId }: { source: Record<string, unknown>; dataId?: string }) {
  const { open, reason } = useDocumentOpener();
  const request = toDocumentRequest(source, dataId);
  const label = documentLabel(source);
  if (!request) return <span className="fv-source">{label}</span>;
  if (!open) {
    return (
      <span className="fv-source fv-source--disabled" title={reason}>
        <i className="pi pi-file-pdf" aria-hidden="true" /> {label}
        <span className="visually-hidden"> ({reason})</span>
      </span>
    );
  }
  return (
    <a
      className="fv-source"
      href={documentAddress(request)}
      data-file-reference={request.fileReference}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        open(request);
      }}
    >
      <i className="pi pi-file-pdf" aria-hidden="true" /> {label}
    </a>
  );
}
