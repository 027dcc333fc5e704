import { type CSSProperties, memo, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../lib/dates";
import { type RowBlock, sectionBlocks } from "./blocks";
import { isJudgedAccepted } from "./export";
import { FieldRow } from "./FieldRow";
import type { ComparisonSection, DatasetColumn } from "./model";
import { QaStatusTag } from "./QaStatusTag";
import { useNearViewport } from "./use-near-viewport";

function ColumnHeader({ column, href }: { column: DatasetColumn; href: string | undefined }) {
  return (
    <th scope="col" className="fv-column">
      <span className="fv-column__label">{href ? <Link to={href}>{column.label}</Link> : column.label}</span>
      {column.qaStatus || column.currentlyActive !== undefined ? (
        <span className="fv-column__meta">
          {column.qaStatus ? <QaStatusTag status={column.qaStatus} /> : null}
          {/* A dataset under review or rejected is no version of the data yet; its QA tag says why. */}
          {column.currentlyActive === false && isJudgedAccepted(column) ? (
            <span className="fv-tag">Earlier version</span>
          ) : null}
        </span>
      ) : null}
      {column.uploadTime ? (
        <span className="fv-column__date">Uploaded {formatDate(column.uploadTime)}</span>
      ) : null}
    </th>
  );
}

function SubsectionHeading({
  block,
  columnCount,
  collapsed,
  onToggle,
}: {
  block: RowBlock;
  columnCount: number;
  collapsed: boolean;
  onToggle: (id: string) => void;
}) {
  return (
    <tr className="fv-subsection__head">
      <th colSpan={columnCount + 1} scope="colgroup">
        <button type="button" aria-expanded={!collapsed} onClick={() => onToggle(block.subsection.id)}>
          <i className={`pi ${collapsed ? "pi-chevron-right" : "pi-chevron-down"}`} aria-hidden="true" />
          {block.subsection.label}
          <span className="fv-section__count">{block.subsection.rows.length}</span>
        </button>
      </th>
    </tr>
  );
}

export interface SectionTableProps {
  section: ComparisonSection;
  columns: DatasetColumn[];
  /** Where each column heading links to, in column order. */
  columnHrefs: (string | undefined)[];
  expanded: boolean;
  onToggle: (sectionId: string) => void;
  /** Blocks to render before anything is measured (those on the first screen). */
  firstScreen: ReadonlySet<string>;
  /** Render every row, e.g. for printing. */
  renderAll: boolean;
}

/**
 * One category: a collapsible heading and a table with one row per data point. The rows come in
 * blocks (one `<tbody>` each) that are rendered only near the viewport; the others keep their place
 * as spacers. Memoised, so that changes elsewhere on the page do not render the table again.
 */
export const SectionTable = memo(function SectionTable({
  section,
  columns,
  columnHrefs,
  expanded,
  onToggle,
  firstScreen,
  renderAll,
}: SectionTableProps) {
  const bodyId = useId();
  const [collapsedSubs, setCollapsedSubs] = useState<ReadonlySet<string>>(new Set());
  const blocks = useMemo(() => sectionBlocks(section, collapsedSubs), [section, collapsedSubs]);
  const near = useNearViewport(() => blocks.filter((block) => firstScreen.has(block.key)).map((b) => b.key));
  const toggleSub = (id: string) =>
    setCollapsedSubs((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const columnCount = columns.length;
  return (
    <section className="fv-section" aria-labelledby={`${bodyId}-heading`}>
      <h2 className="fv-section__heading" id={`${bodyId}-heading`}>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => onToggle(section.id)}
        >
          <i className={`pi ${expanded ? "pi-chevron-down" : "pi-chevron-right"}`} aria-hidden="true" />
          {section.label}
          <span className="fv-section__count">
            {section.rowCount} {section.rowCount === 1 ? "data point" : "data points"}
          </span>
        </button>
      </h2>
      {expanded ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
        <section className="fv-table-wrap" id={bodyId} aria-label={section.label} tabIndex={0}>
          <table
            className={`fv-table fv-table--cols-${Math.min(columnCount, 6)}`}
            style={{ "--fv-columns": columnCount } as CSSProperties}
          >
            <colgroup>
              <col className="fv-table__label-column" />
              {columns.map((column) => (
                <col key={column.key} />
              ))}
            </colgroup>
            <thead>
              <tr>
                <th scope="col" className="fv-label-head">
                  Data point
                </th>
                {columns.map((column, index) => (
                  <ColumnHeader key={column.key} column={column} href={columnHrefs[index]} />
                ))}
              </tr>
            </thead>
            {blocks.map((block) => {
              const collapsed = collapsedSubs.has(block.subsection.id);
              const rendered = renderAll || near.shown.has(block.key);
              return (
                <tbody
                  key={block.key}
                  ref={near.observe(block.key)}
                  className={block.withHeading ? "fv-subsection" : "fv-subsection fv-subsection--cont"}
                >
                  {rendered ? (
                    <>
                      {block.withHeading ? (
                        <SubsectionHeading
                          block={block}
                          columnCount={columnCount}
                          collapsed={collapsed}
                          onToggle={toggleSub}
                        />
                      ) : null}
                      {block.rows.map((row) => (
                        <FieldRow key={row.path} row={row} columns={columns} />
                      ))}
                    </>
                  ) : (
                    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing to focus or read
                    <tr className="fv-spacer" aria-hidden="true">
                      <td
                        colSpan={columnCount + 1}
                        style={{ height: near.measuredHeight(block.key) ?? block.estimatedHeight }}
                      />
                    </tr>
                  )}
                </tbody>
              );
            })}
          </table>
        </section>
      ) : null}
    </section>
  );
});
