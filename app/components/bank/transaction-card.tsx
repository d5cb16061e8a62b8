import { Form, Link, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { NAP_KIND_LABELS, SUGGESTION_LABELS, TRANSACTION_STATUSES } from "~/modules/bank/constants";
import { isBankFee } from "~/modules/bank/fees";
import type { TransactionView } from "~/modules/bank/queries.server";
import type { MatchView, SuggestionView } from "~/modules/bank/transaction-details.server";
import { printDate } from "~/utils/dates";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { formatCents, formatMoney } from "~/utils/money";
import { ownValue } from "~/utils/own-keys";
import * as styles from "./transaction-card.css";

/*
 * One movement of a statement: what it is, its state, and — unmatched — its suggestion with a
 * one-click «Потвърди», the alternatives, and a match by document numbers; matched — what it paid
 * and «Отмени». Every action is a native form that posts to the statement's page (no JavaScript
 * needed); `back` brings the page back to the same filter and page.
 */

type Json<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
type Movement = Json<TransactionView>;

const TYPE_LABELS: Record<string, string> = {
  invoice: "Фактура",
  debit_note: "Дебитно известие",
  credit_note: "Кредитно известие",
  proforma: "Проформа",
};

function docLabel(doc: { type: string; number: string | null; clientName: string | null }) {
  return `${ownValue(TYPE_LABELS, doc.type) ?? doc.type} № ${doc.number ?? "—"}${doc.clientName ? `, ${doc.clientName}` : ""}`;
}

function suggestionText(s: Json<SuggestionView>, currency: string): string {
  if (s.kind === "nap") return "Данъци и осигуровки към НАП";
  if (s.expense) {
    return `Разход № ${s.expense.documentNumber}, ${s.expense.supplierName}, ${formatMoney(s.expense.totalCents, currency)}`;
  }
  if (s.rule) return `Нов разход: ${s.rule.supplierName} — ${s.rule.description}`;
  const docs = s.documents.map(docLabel).join("; ");
  const due = s.documents.reduce((sum, d) => sum + d.dueCents, 0);
  return `${docs} — дължимо ${formatMoney(s.kind === "exact" || s.kind === "split" ? s.amountCents : due, currency)}`;
}

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * `locked`: the movement's month is locked (decision 058): its state and what it paid are shown,
 * with why nothing can be done, instead of the forms the action would refuse.
 */
export function TransactionCard({
  tx,
  back,
  locked = null,
}: {
  tx: Movement;
  back: string;
  locked?: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  const answer = useFormAnswer(`tx-${tx.id}`);
  const booking = answer?.focus === "account";
  const focusRef = useFocusFirstInvalid(booking ? undefined : answer);
  const bookRef = useFocusFirstInvalid(booking ? answer : undefined);
  const sign = tx.direction === "credit" ? "+" : "−";
  const amount = `${sign}${formatMoney(tx.amountCents, tx.currency)}`;
  const who = tx.counterpartyName ?? "Без наредител";
  const label = `ред ${tx.lineNo}, ${who}, ${amount}`;
  const [first, ...others] = tx.suggestions.filter((s) => s.holds);
  return (
    <article className={styles.card} aria-labelledby={`tx-${tx.id}-title`} id={`line-${tx.lineNo}`}>
      <h3 className={styles.title} id={`tx-${tx.id}-title`}>
        <span className={tx.direction === "credit" ? styles.credit : styles.debit}>{amount}</span>{" "}
        <span>{who}</span>
      </h3>
      <p className={styles.meta}>
        {printDate(tx.bookedOn)} · ред {tx.lineNo}
        {tx.counterpartyIban ? ` · ${tx.counterpartyIban}` : ""} ·{" "}
        <strong>{ownValue(TRANSACTION_STATUSES, tx.status) ?? tx.status}</strong>
      </p>
      <p className={styles.reason}>{tx.reason || "Без основание"}</p>
      {answer?.formError ? (
        <p role="alert" className={styles.error}>
          {answer.formError}
        </p>
      ) : null}
      {locked ? (
        <>
          {tx.status === "matched" ? <MatchedList tx={tx} /> : null}
          <p role="note" className={styles.meta}>
            {locked}
          </p>
        </>
      ) : tx.status === "matched" ? (
        <Matched tx={tx} back={back} busy={busy} label={label} />
      ) : (
        <>
          {first ? (
            <Suggestion s={first} tx={tx} back={back} busy={busy} label={label} primary />
          ) : (
            <p>Няма предложение.</p>
          )}
          {others.length ? (
            <details className={styles.more}>
              <summary>Други възможности ({others.length})</summary>
              {others.map((s) => (
                <Suggestion key={s.rank} s={s} tx={tx} back={back} busy={busy} label={label} />
              ))}
            </details>
          ) : null}
          {isBankFee(tx) ? (
            <Form method="post" className={styles.manual} aria-label={`Банкова такса: ${label}`}>
              <CompanyField />
              <Hidden fields={{ transactionId: tx.id, back }} />
              <Button
                type="submit"
                name="intent"
                value="fee-expense"
                tone="secondary"
                disabled={busy}
                aria-label={`Създай разход в „Банкови такси“: ${label}`}
              >
                Създай разход в „Банкови такси“
              </Button>
            </Form>
          ) : null}
          {tx.direction === "credit" ? (
            <Form
              ref={focusRef}
              method="post"
              className={styles.manual}
              aria-label={`Разнасяне по номера: ${label}`}
            >
              <CompanyField />
              <Hidden fields={{ transactionId: tx.id, back }} />
              <FormField
                name="numbers"
                label="Номера на фактури"
                hint="Разделени със запетая, напр. 123, 124"
                defaultValue={typedOr(answer, "numbers")}
                error={answer?.fieldErrors.numbers}
                controlProps={{ maxLength: 600, inputMode: "numeric" }}
              />
              <Button type="submit" name="intent" value="match" tone="secondary" disabled={busy}>
                Разнеси
              </Button>
            </Form>
          ) : null}
          <Form
            ref={bookRef}
            method="post"
            className={styles.manual}
            aria-label={`Осчетоводяване по сметка: ${label}`}
          >
            <CompanyField />
            <Hidden fields={{ transactionId: tx.id, back }} />
            <FormField
              name="account"
              label="Сметка от сметкоплана"
              hint="Без документ: напр. 503 за превод между собствени сметки, 609 за такса"
              defaultValue={typedOr(answer, "account")}
              error={answer?.fieldErrors.account}
              controlProps={{ maxLength: 21, list: "ledger-accounts" }}
            />
            <Button type="submit" name="intent" value="book" tone="secondary" disabled={busy}>
              Осчетоводи по сметка
            </Button>
          </Form>
        </>
      )}
    </article>
  );
}

function Suggestion({
  s,
  tx,
  back,
  busy,
  label,
  primary = false,
}: {
  s: Json<SuggestionView>;
  tx: Movement;
  back: string;
  busy: boolean;
  label: string;
  primary?: boolean;
}) {
  const kind = ownValue(SUGGESTION_LABELS, s.kind) ?? s.kind;
  if (s.kind === "proforma") {
    const proforma = s.documents[0];
    return (
      <div className={styles.suggestion}>
        <p>
          <strong>{kind}:</strong> {proforma ? docLabel(proforma) : ""}. Проформа не се отбелязва
          като платена: издайте фактурата по нея, после разнесете плащането към фактурата.
        </p>
        {proforma?.invoiceId ? (
          <Link to={`/invoice/edit/${proforma.invoiceId}`}>Към фактурата по проформата</Link>
        ) : proforma ? (
          <Form method="post" action={`/invoice/${proforma.id}`}>
            <CompanyField />
            <Button type="submit" name="intent" value="convert" tone="secondary" disabled={busy}>
              Издай фактура по проформата
            </Button>
          </Form>
        ) : null}
      </div>
    );
  }
  const differs = s.kind === "number" && s.amountCents !== tx.amountCents;
  return (
    <Form
      method="post"
      className={styles.suggestion}
      aria-label={`Предложение ${s.rank}: ${label}`}
    >
      <CompanyField />
      <Hidden fields={{ transactionId: tx.id, rank: String(s.rank), back }} />
      <p>
        <strong>{kind}:</strong> {suggestionText(s, tx.currency)}
        {s.kind === "split"
          ? ` (сбор ${formatCents(s.amountCents)} срещу ${formatCents(tx.amountCents)})`
          : ""}
        {differs
          ? tx.amountCents < s.documents.reduce((sum, d) => sum + d.dueCents, 0)
            ? " — частично плащане"
            : " — надплатено: остатъкът не се записва (издайте кредитно известие или върнете сумата)"
          : ""}
      </p>
      <Button
        type="submit"
        name="intent"
        value="confirm"
        tone={primary ? undefined : "secondary"}
        disabled={busy}
        aria-label={`Потвърди: ${label}`}
      >
        Потвърди
      </Button>
    </Form>
  );
}

function Matched({
  tx,
  back,
  busy,
  label,
}: {
  tx: Movement;
  back: string;
  busy: boolean;
  label: string;
}) {
  const standing = tx.matches.filter((m) => m.standing);
  return (
    <div className={styles.suggestion}>
      <MatchedList tx={tx} />
      {tx.overpaidCents > 0 ? (
        <p role="note">
          Надплатени {formatMoney(tx.overpaidCents, tx.currency)}: не са записани като плащане
          (решение 008) — издайте кредитно известие или върнете сумата.
        </p>
      ) : null}
      <p className={styles.meta}>
        {standing[0]?.automatic
          ? "Разнесено автоматично"
          : `Разнесено от ${standing[0]?.createdByName ?? "—"}`}
      </p>
      <Form method="post" aria-label={`Отмяна: ${label}`}>
        <CompanyField />
        <Hidden fields={{ transactionId: tx.id, back }} />
        <Button
          type="submit"
          name="intent"
          value="unmatch"
          tone="secondary"
          disabled={busy}
          aria-label={`Отмени разнасянето: ${label}`}
        >
          Отмени
        </Button>
      </Form>
    </div>
  );
}

function MatchedList({ tx }: { tx: Movement }) {
  return (
    <ul className={styles.list}>
      {tx.matches
        .filter((m) => m.standing)
        .map((m) => (
          <li key={m.id}>{matchText(m, tx.currency)}</li>
        ))}
    </ul>
  );
}

function matchText(m: Json<MatchView>, currency: string): string {
  if (m.napKind) return NAP_KIND_LABELS[m.napKind] ?? "НАП";
  if (m.surplus && m.document) {
    return `Надплатено над ${docLabel(m.document)}: ${formatMoney(m.amountCents, currency)} по сметка ${m.accountCode} на клиента`;
  }
  if (m.accountCode) return `Осчетоводено по сметка ${m.accountCode}`;
  if (m.expense) {
    return `${m.expenseCreated ? "Нов разход" : "Разход"} № ${m.expense.documentNumber}, ${m.expense.supplierName}`;
  }
  if (m.creditNote && m.document) {
    return `${docLabel(m.document)}: прихванато с кредитно известие № ${m.creditNote.number ?? "—"}`;
  }
  if (m.document) return `${docLabel(m.document)}: ${formatMoney(m.amountCents, currency)}`;
  return "—";
}
