import { useDocumentOpener } from "./document-opener";
import { documentAddress, toDocumentRequest } from "./document-reference";
import { useDocumentRemoved } from "./document-removed";
import { documentLabel } from "./structured-value";

/**
 * A data source: the cited report and page. Opens the report at that page in the in-app viewer; where
 * documents cannot be opened (sample data), it says why instead of pretending to be a link, and a
 * report an admin has removed is shown as removed rather than as a link that leads nowhere.
 */
export function DataSourceLink({ source, dataId }: { source: Record<string, unknown>; dataId?: string }) {
  const { open, reason } = useDocumentOpener();
  const request = toDocumentRequest(source, dataId);
  const label = documentLabel(source);
  const removed = useDocumentRemoved(open && request ? request.fileReference : undefined);
  if (!request) return <span className="fv-source">{label}</span>;
  if (removed) {
    return (
      <span className="fv-source fv-source--disabled fv-source--removed">
        <i className="pi pi-file-excel" aria-hidden="true" />
        <span title="This report was removed from Openverde; the value stays as reported.">
          {label} (removed)
          <span className="visually-hidden">
            : the report was taken off Openverde; the value stays as reported
          </span>
        </span>
      </span>
    );
  }
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
