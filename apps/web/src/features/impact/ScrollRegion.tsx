import type { ReactNode } from "react";

/**
 * The frame of a table wider than the screen: it scrolls sideways inside the page, and since it
 * scrolls, keyboard users reach it (axe scrollable-region-focusable) and hear its name.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="wf-table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
