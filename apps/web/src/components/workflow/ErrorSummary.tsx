import { forwardRef, type ReactNode, useId } from "react";

export interface ErrorSummaryItem {
  key: string;
  message: string;
  /** Where the problem is, e.g. a field's label; written before the message. */
  where?: ReactNode;
  /** Moves to the field; its `where`, or without one the message itself, becomes the button. */
  reveal?: () => void;
}

/**
 * What stopped a form from being sent, in one box above it: each problem once, with a button to the
 * field where there is one. It takes the focus from its page after a refused submit (hence the ref and
 * tabIndex), so keyboard and screen reader users start at the list of what to fix.
 */
export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { title: string; items: readonly ErrorSummaryItem[]; footnote?: ReactNode }
>(function ErrorSummary({ title, items, footnote }, ref) {
  const titleId = useId();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="wf-alert wf-alert--error wf-error-summary"
      role="alert"
      aria-labelledby={titleId}
    >
      <i className="pi pi-times-circle wf-alert__icon" aria-hidden="true" />
      <div className="wf-alert__body">
        <h2 className="wf-alert__title" id={titleId}>
          {title}
        </h2>
        <ul>
          {items.map((item) => (
            <li key={item.key}>
              <ItemText item={item} />
            </li>
          ))}
          {footnote ? <li>{footnote}</li> : null}
        </ul>
      </div>
    </div>
  );
});

function ItemText({ item }: { item: ErrorSummaryItem }) {
  const { where, message, reveal } = item;
  const button = (label: ReactNode) => (
    <button type="button" className="wf-error-summary__link" onClick={reveal}>
      {label}
    </button>
  );
  if (where === undefined) return reveal ? button(message) : message;
  return (
    <>
      {reveal ? button(where) : where}: {message}
    </>
  );
}
