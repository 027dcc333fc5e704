import type { ReactNode } from "react";

export type AlertTone = "info" | "success" | "warning" | "error";

const icons: Record<AlertTone, string> = {
  info: "pi-info-circle",
  success: "pi-check-circle",
  warning: "pi-exclamation-triangle",
  error: "pi-times-circle",
};

/**
 * A message in a coloured box. Errors are announced at once (role alert); the other tones politely
 * (role status), so screen readers hear the outcome of an action without losing their place.
 */
export function Alert({
  tone = "info",
  title,
  children,
  actions,
}: {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={`wf-alert wf-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      <i className={`pi ${icons[tone]} wf-alert__icon`} aria-hidden="true" />
      <div className="wf-alert__body">
        {title ? <p className="wf-alert__title">{title}</p> : null}
        {children}
        {actions ? <div className="wf-alert__actions">{actions}</div> : null}
      </div>
    </div>
  );
}

/** What a page shows when a list is empty: one sentence, and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="wf-empty">
      <i className="pi pi-inbox wf-empty__icon" aria-hidden="true" />
      <p className="wf-empty__title">{title}</p>
      {children ? <div className="wf-empty__body">{children}</div> : null}
    </div>
  );
}
