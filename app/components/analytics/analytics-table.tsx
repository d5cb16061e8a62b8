import { Link } from "@remix-run/react";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import type { ColumnKind, AnalyticsTable as Table } from "~/modules/analytics/tables";
import { printDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/** A cell as people read it: "1 234,56 EUR", "12,5 %", "01.02.2026", "—" for nothing. */
export function formatCell(value: string | number | null, kind: ColumnKind): string {
  if (value === null || value === "") return "—";
  switch (kind) {
    case "cents":
      return formatMoney(Number(value), "EUR");
    case "percent":
      return `${Number(value) > 0 ? "+" : ""}${String(value).replace(".", ",")}\u00a0%`;
    case "date":
      return printDate(String(value));
    default:
      return String(value);
  }
}

/** One of /analytics' tables, with its caption, its CSV and row headers for screen readers. */
export function AnalyticsTable({
  table,
  csvHref,
  empty,
}: {
  table: Table;
  /** The table's CSV download, if it has one. */
  csvHref?: string;
  empty?: string;
}) {
  return (
    <>
      {table.rows.length === 0 ? (
        <p>{empty ?? "Няма данни за периода."}</p>
      ) : (
        <ScrollTable label={table.title}>
          <table className={listStyles.table}>
            <caption style={{ textAlign: "left", fontWeight: 600, padding: "0.5rem 0" }}>
              {table.title}
            </caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={listStyles.cell}
                    style={column.kind === "text" ? undefined : { textAlign: "right" }}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr
                  key={`${row.href ?? row.cells[0]}${row.total ? "-total" : ""}`}
                  style={row.total ? { fontWeight: 700 } : undefined}
                >
                  {row.cells.map((cell, i) => {
                    const column = table.columns[i]!;
                    const text = formatCell(cell, column.kind);
                    return i === 0 ? (
                      <th
                        key={column.label}
                        scope="row"
                        className={listStyles.cell}
                        style={{ textAlign: "left" }}
                      >
                        {row.href ? <Link to={row.href}>{text}</Link> : text}
                      </th>
                    ) : (
                      <td
                        key={column.label}
                        className={listStyles.cell}
                        style={{ textAlign: "right", whiteSpace: "nowrap" }}
                      >
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {csvHref ? (
        <p style={{ margin: "0.5rem 0 0" }}>
          <a href={csvHref} download>
            Изтегли «{table.title}» като CSV
          </a>
        </p>
      ) : null}
    </>
  );
}
