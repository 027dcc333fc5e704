export type TagTone = "neutral" | "info" | "success" | "warning" | "danger" | "accent";

/** A small coloured label for a state (request status, access, role, ...). */
export function Tag({ tone = "neutral", children }: { tone?: TagTone; children: string }) {
  return <span className={`wf-tag wf-tag--${tone}`}>{children}</span>;
}
