import type { ReactNode } from "react";
import * as badges from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { formatDate } from "~/utils/dates";

/*
 * The pieces of the back office's customer and user pages (issue #14): a table with its caption
 * and row headers, a list of facts, and state badges that say their meaning in words.
 */

/**
 * A table with a visible caption, column headers and the first cell as the row's header. With no
 * rows it says `empty` under the caption instead (without `empty`, the table is drawn empty).
 */
export function DataTable({
  caption,
  columns,
  rows,
  empty,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty?: string;
}) {
  if (rows.length === 0 && empty !== undefined) {
    return (
      <>
        <h3 className={page.cardTitle}>{caption}</h3>
        <p>{empty}</p>
      </>
    );
  }
  return (
    <ScrollTable label={caption}>
      <table className={listStyles.table}>
        <caption style={{ textAlign: "left", fontWeight: 600, padding: "0.5rem 0" }}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={listStyles.cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <th key={i} scope="row" className={listStyles.cell}>
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <td key={i} className={listStyles.cell}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Label–value pairs as a description list; an empty value reads «—». */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={page.list}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Tone = "ok" | "warn" | "danger" | "muted" | "plain";
const TONES: Record<Tone, string> = {
  ok: badges.badgeOk,
  warn: badges.badgeWarn,
  danger: badges.badgeDanger,
  muted: badges.badgeMuted,
  plain: badges.badge,
};

/** A state in words (the colour only repeats it). */
export function Badge({ tone = "plain", children }: { tone?: Tone; children: ReactNode }) {
  return <span className={TONES[tone]}>{children}</span>;
}

/** A moment as a date, or «—». */
export const dateOrDash = (value: string | null | undefined) => (value ? formatDate(value) : "—");

/** A moment with its time in Sofia: 22.11.2026 г., 14:05. */
export function dateTime(value: string): string {
  const time = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Sofia",
  }).format(new Date(value));
  return `${formatDate(value)}, ${time}`;
}

/** The states of a login, in words: verified, locked, deletion. */
export function UserStates(props: {
  emailVerifiedAt: string | null;
  lockedAt: string | null;
  deletionScheduledAt: string | null;
  anonymizedAt: string | null;
}) {
  return (
    <span style={{ display: "inline-flex", gap: "0.25rem", flexWrap: "wrap" }}>
      {props.anonymizedAt ? <Badge tone="muted">Изтрит</Badge> : null}
      {props.lockedAt ? <Badge tone="danger">Блокиран</Badge> : null}
      {props.deletionScheduledAt && !props.anonymizedAt ? (
        <Badge tone="warn">Изтриване на {formatDate(props.deletionScheduledAt)}</Badge>
      ) : null}
      {props.emailVerifiedAt ? null : <Badge tone="warn">Непотвърден</Badge>}
      {!props.lockedAt && !props.deletionScheduledAt && props.emailVerifiedAt ? (
        <Badge tone="ok">Активен</Badge>
      ) : null}
    </span>
  );
}
