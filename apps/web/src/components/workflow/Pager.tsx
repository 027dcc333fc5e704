/** Previous / next paging for server-side chunks (`chunkIndex`, `chunkSize`). */
export function Pager({
  label,
  page,
  pageCount,
  onPage,
}: {
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="wf-pager" aria-label={label}>
      <button
        type="button"
        className="p-button p-component p-button-text p-button-sm"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        <i className="pi pi-chevron-left" aria-hidden="true" /> Previous
      </button>
      <span aria-live="polite">
        Page {page + 1} of {pageCount}
      </span>
      <button
        type="button"
        className="p-button p-component p-button-text p-button-sm"
        disabled={page >= pageCount - 1}
        onClick={() => onPage(page + 1)}
      >
        Next <i className="pi pi-chevron-right" aria-hidden="true" />
      </button>
    </nav>
  );
}
