import { Form, Link } from "@remix-run/react";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { formatCents } from "~/utils/money";

/* The «Счетоводство» pages' shared parts (decision 057): their menu, the period, an amount. */

/** The area's own menu; the page shown is marked. */
export function LedgerNav({ current, mayEdit }: { current: string; mayEdit: boolean }) {
  const items: [string, string][] = [
    ["/ledger", "Оборотна ведомост"],
    ["/ledger/journal", "Хронологичен регистър"],
    ["/ledger/accounts", "Сметкоплан"],
    ...(mayEdit
      ? ([
          ["/ledger/entry/new", "Нова статия"],
          ["/ledger/opening", "Начални салда"],
        ] as [string, string][])
      : []),
  ];
  return (
    <nav aria-label="Счетоводство" className={listStyles.toolbar}>
      {items.map(([to, label]) => (
        <Link key={to} to={to} aria-current={current === to ? "page" : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** The period of a report, as a GET form that works without JavaScript. */
export function PeriodForm(props: {
  from: string;
  to: string;
  error?: string | null;
  children?: React.ReactNode;
}) {
  return (
    <Form method="get" aria-label="Период" className={page.card}>
      <div className={listStyles.toolbar}>
        <FormField name="from" label="От" type="date" defaultValue={props.from} required />
        <FormField
          name="to"
          label="До"
          type="date"
          defaultValue={props.to}
          required
          error={props.error ?? undefined}
        />
        {props.children}
        <div>
          <Button type="submit">Покажи</Button>
        </div>
      </div>
    </Form>
  );
}

/** An amount in its cell: empty for zero, right-aligned, with its currency in the caption. */
export function AmountCell({ cents }: { cents: number }) {
  return (
    <td className={listStyles.cell} style={{ textAlign: "right", whiteSpace: "nowrap" }}>
      {cents ? formatCents(cents) : ""}
    </td>
  );
}

/** A column heading of an amount. */
export function AmountHead({ children }: { children: React.ReactNode }) {
  return (
    <th scope="col" className={listStyles.cell} style={{ textAlign: "right" }}>
      {children}
    </th>
  );
}

export const CURRENCY_NAMES = { BGN: "лева", EUR: "евро" } as const;
