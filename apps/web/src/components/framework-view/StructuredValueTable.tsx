import { useState } from "react";
import { DataSourceLink } from "./DataSourceLink";
import type { ValueTable } from "./structured-value";

const PAGE = 50;

/** A list or map of objects as a readable table; long lists show 50 entries at a time. */
export function StructuredValueTable({
  table,
  caption,
  dataId,
}: {
  table: ValueTable;
  caption: string;
  dataId?: string;
}) {
  const [shown, setShown] = useState(PAGE);
  const rows = table.rows.slice(0, shown);
  return (
    <div className="fv-structured">
      <table className="fv-structured__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list entries have no identity of their own
            <tr key={index}>
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
          ))}
        </tbody>
      </table>
      {table.rows.length > shown ? (
        <button
          type="button"
          className="fv-link-button"
          onClick={() => setShown((count) => count + PAGE * 4)}
        >
          Show more ({table.rows.length - shown} more entries)
        </button>
      ) : null}
    </div>
  );
}
