import { useMemo, useRef } from "react";
import { DataSourceLink } from "./DataSourceLink";
import { valueTable } from "./structured-value";
import { useVirtualRows } from "./use-virtual-rows";

/** One line of 0.8rem text with its padding and border, before a row has been measured. */
const ESTIMATED_ROW_HEIGHT = 27;
/** The box's height in CSS (`.fv-structured` max-height: 24rem), before it has been laid out. */
const BOX_HEIGHT = 384;

/**
 * A list or map of objects as a readable table in a box of its own that scrolls. However many entries
 * the list has, only those in and near the box's view are in the page, so a list of hundreds of
 * production sites opens and scrolls as quickly as a short one; `aria-rowcount` and `aria-rowindex`
 * tell assistive technology how long the list really is.
 */
export function StructuredValueTable({
  value,
  caption,
  dataId,
}: {
  value: unknown;
  caption: string;
  dataId?: string;
}) {
  const table = useMemo(() => valueTable(value), [value]);
  const box = useRef<HTMLDivElement>(null);
  const rows = table?.rows ?? [];
  const visible = useVirtualRows(box, rows.length, ESTIMATED_ROW_HEIGHT, BOX_HEIGHT);
  if (!table) return null;
  const columnCount = table.columns.length;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls, so it must be reachable by keyboard
    <section ref={box} className="fv-structured" aria-label={caption} tabIndex={0}>
      <table className="fv-structured__table" aria-rowcount={rows.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {table.columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {visible.before > 0 ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing to focus or read
            <tr className="fv-spacer" aria-hidden="true">
              <td colSpan={columnCount} style={{ height: visible.before }} />
            </tr>
          ) : null}
          {rows.slice(visible.start, visible.end).map((row, offset) => {
            const index = visible.start + offset;
            return (
              // List entries have no identity of their own: a row is its position in the list.
              <tr key={index} ref={visible.measure(index)} aria-rowindex={index + 2}>
                {table.columns.map((column) => {
                  const cell = row[column.key];
                  return (
                    <td key={column.key}>
                      {cell && "document" in cell ? (
                        <DataSourceLink source={cell.document} {...(dataId ? { dataId } : {})} />
                      ) : (
                        (cell?.text ?? "")
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {visible.after > 0 ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing to focus or read
            <tr className="fv-spacer" aria-hidden="true">
              <td colSpan={columnCount} style={{ height: visible.after }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
