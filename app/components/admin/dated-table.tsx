import { DataTable } from "~/components/admin/customer-parts";
import { printDate } from "~/utils/dates";

/** Whether a dated row holds today, is still to come, or has ended (in words, not colour). */
export function periodState(row: { validFrom: string; validTo: string | null }, today: string) {
  if (row.validFrom > today) return "Предстои";
  if (row.validTo !== null && row.validTo < today) return "Не е в сила";
  return "В сила";
}

/** A period as people read it: "01.01.2007 – 31.12.2026", "от 01.01.2027". */
export function printPeriod(row: { validFrom: string; validTo: string | null }) {
  return row.validTo
    ? `${printDate(row.validFrom)} – ${printDate(row.validTo)}`
    : `от ${printDate(row.validFrom)}`;
}

/**
 * A table of dated rows (rates, grounds, payroll parameters): a caption, column headers, the
 * first cell of each row as its header; rows keyed by their id.
 */
export function DatedTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { id: string; cells: string[] }[];
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows.map((row) => ({
        key: row.id,
        cells: row.cells.map((cell, i) => (i === 0 ? cell : cell || "—")),
      }))}
    />
  );
}
