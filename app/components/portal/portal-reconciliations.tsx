import { Form } from "@remix-run/react";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import * as list from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import type { ClientReconciliation } from "~/modules/statements/portal.server";
import { answerFields, type FormAnswer } from "~/utils/forms";
import * as styles from "./portal.css";
import { type PortalWords, usePortalWords } from "./portal-words";

/*
 * «Акт за сверка» in the portal (issue #47 item 4, decision 070): the acts the company issued
 * to the client, their PDF, and the client's answer — confirm, or dispute with its own balance
 * and the differences — as form POSTs to /portal/{token}/reconciliations/{id}, which take the
 * link's token as their only credential and work without JavaScript.
 */

/** What the client answered, or that the act awaits it. */
export function answerText(act: ClientReconciliation, w: PortalWords): string {
  // The moment as the database prints it: its day is what the client reads.
  const day = act.answeredAt ? w.day(act.answeredAt.slice(0, 10)) : "";
  if (act.status === "confirmed") return w.confirmedOn(day);
  if (act.status === "disputed") {
    const amount = w.money(act.clientAmountCents ?? 0, act.currency);
    return `${w.disputedOn(day, amount)}${act.clientNote ? ` — ${act.clientNote}` : ""}`;
  }
  return w.awaiting;
}

/** The act's PDF in both languages. */
export function ActFiles({ act, base }: { act: ClientReconciliation; base: string }) {
  const w = usePortalWords();
  const file = (lang: string) => `${base}/reconciliation.pdf?act=${act.id}&lang=${lang}`;
  return (
    <>
      <a href={file("bg")} data-reload>
        <span className="visually-hidden">{w.actPdf(act.number)} </span>
        {w.inBulgarian}
      </a>
      {" · "}
      <a href={file("en")} data-reload>
        <span className="visually-hidden">{w.actPdf(act.number)} </span>
        {w.inEnglish}
      </a>
    </>
  );
}

/** The client's acts, newest first, with the answer forms of those that await one. */
export function PortalReconciliations({
  acts,
  base,
}: {
  acts: ClientReconciliation[];
  base: string;
}) {
  const w = usePortalWords();
  if (acts.length === 0) return null;
  const waiting = acts.filter((act) => act.status === "issued");
  return (
    <section aria-labelledby="portal-acts">
      <h2 id="portal-acts">{w.acts}</h2>
      <ScrollTable label={w.acts}>
        <table className={list.table}>
          <caption className="visually-hidden">{w.acts}</caption>
          <thead>
            <tr>
              <th scope="col" className={list.cell}>
                {w.no}
              </th>
              <th scope="col" className={list.cell}>
                {w.asOf}
              </th>
              <th scope="col" className={`${list.cell} ${styles.amount}`}>
                {w.booksBalance}
              </th>
              <th scope="col" className={list.cell}>
                {w.yourAnswer}
              </th>
              <th scope="col" className={list.cell}>
                PDF
              </th>
            </tr>
          </thead>
          <tbody>
            {acts.map((act) => (
              <tr key={act.id}>
                <th scope="row" className={list.cell}>
                  <a href={`${base}/reconciliations/${act.id}${w.query("", w.lang)}`}>
                    {act.number}
                  </a>
                </th>
                <td className={list.cell}>{w.day(act.asOf)}</td>
                <td className={`${list.cell} ${styles.amount}`}>
                  {w.money(act.balanceCents, act.currency)}
                </td>
                <td className={list.cell}>{answerText(act, w)}</td>
                <td className={list.cell}>
                  <ActFiles act={act} base={base} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {waiting.map((act) => (
        <ReconciliationAnswer key={act.id} act={act} base={base} companyName={null} />
      ))}
    </section>
  );
}

/**
 * One act awaiting the client's answer: what the company's books say, «Потвърждавам салдото»
 * (a form of its own), and the dispute's form (the client's balance and the differences).
 */
export function ReconciliationAnswer({
  act,
  base,
  companyName,
  answer,
}: {
  act: ClientReconciliation;
  base: string;
  /** The act's own page says whose books these are; the list's heading says it already. */
  companyName: string | null;
  /** The refused answer of this act (its page only). */
  answer?: FormAnswer | undefined;
}) {
  const w = usePortalWords();
  const fields = answerFields(answer);
  const disputeForm = useFocusFirstInvalid(answer);
  const to = `${base}/reconciliations/${act.id}${w.query("", w.lang)}`;
  const amount = w.money(act.balanceCents, act.currency);
  const headingId = `act-${act.id}`;
  return (
    <section aria-labelledby={headingId} className={styles.summary}>
      <h3 id={headingId}>
        {w.act(act.number)} — {w.asOf.toLowerCase()} {w.day(act.asOf)}
      </h3>
      <p>
        {companyName
          ? w.books(companyName, w.day(act.asOf), amount)
          : `${w.booksBalance}: ${amount}`}
      </p>
      <p>{w.answerOnce}</p>
      <FormError message={answer?.formError} />
      <Form method="post" action={to} aria-label={`${w.confirm}: ${w.act(act.number)}`}>
        <input type="hidden" name="intent" value="confirm" />
        <Button type="submit">{w.confirm}</Button>
      </Form>
      <Form
        ref={disputeForm}
        method="post"
        action={to}
        aria-label={`${w.dispute}: ${w.act(act.number)}`}
      >
        <input type="hidden" name="intent" value="dispute" />
        <FormField
          name="amount"
          label={w.yourBalance}
          inputMode="decimal"
          required
          hint={w.yourBalanceHint}
          defaultValue={fields.field("amount").defaultValue}
          error={fields.error("amount")}
        />
        <FormField
          name="note"
          label={w.differences}
          multiline
          required
          hint={w.differencesHint}
          defaultValue={fields.field("note").defaultValue}
          error={fields.error("note")}
        />
        <Button type="submit" tone="secondary">
          {w.sendDispute}
        </Button>
      </Form>
    </section>
  );
}
