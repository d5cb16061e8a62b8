import { Form } from "@remix-run/react";
import { AmountField } from "~/components/forms/amount-field";
import { CompanyField } from "~/components/forms/company-field";
import { DateField } from "~/components/forms/date-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { PAYMENT_METHODS } from "~/modules/invoices/constants";
import { printDate } from "~/utils/dates";
import { type FormAnswer, typedOr, useFormAnswer } from "~/utils/forms";
import { formatCents, formatMoney } from "~/utils/money";
import { Section, useBusy } from "./document-actions";
import * as styles from "./invoices.css";

/* The payments of /invoice/{id}: what is paid, credited and still owed, and a payment recorded. */

interface Payment {
  id: string;
  paidOn: string;
  amountCents: number;
  method: keyof typeof PAYMENT_METHODS;
  note: string | null;
}

export function PaymentsSection({
  doc,
  today,
}: {
  doc: {
    currency: string;
    paidCents: number;
    totalCents: number;
    /** What its issued credit notes took off it (issue #41). */
    creditedCents?: number;
    dueCents: number;
    /** Paid and credited beyond the total: the client's to get back (decision 042). */
    overpaidCents?: number;
    payments: Payment[];
  };
  today: string;
}) {
  const busy = useBusy();
  const answer = useFormAnswer("payment");
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <Section title="Плащания">
      <p>
        Платено {formatMoney(doc.paidCents, doc.currency)} от{" "}
        {formatMoney(doc.totalCents, doc.currency)}
        {doc.creditedCents ? (
          <>; по кредитни известия {formatMoney(doc.creditedCents, doc.currency)}</>
        ) : null}
        ; остават <strong>{formatMoney(doc.dueCents, doc.currency)}</strong>.
      </p>
      {doc.overpaidCents ? (
        <p>
          Платеното и кредитираното надхвърлят сумата с{" "}
          <strong>{formatMoney(doc.overpaidCents, doc.currency)}</strong>: тази сума се дължи на
          клиента — върнете я или я прихванете с друго плащане.
        </p>
      ) : null}
      {doc.payments.length ? (
        <ul className={styles.plainList}>
          {doc.payments.map((p) => (
            <li key={p.id} style={{ marginBottom: "0.5rem" }}>
              {printDate(p.paidOn)} — {formatMoney(p.amountCents, doc.currency)} (
              {PAYMENT_METHODS[p.method]}){p.note ? `, ${p.note}` : ""}
              <Form method="post" style={{ display: "inline" }}>
                <CompanyField />
                <input type="hidden" name="paymentId" value={p.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="deletePayment"
                  tone="quiet"
                  disabled={busy}
                >
                  Изтрий
                  <span className="visually-hidden"> плащането от {printDate(p.paidOn)}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {doc.dueCents > 0 ? (
        // A new form after each payment: it offers what is still owed and an empty note, not
        // the amount and note just recorded (an uncontrolled input keeps what was typed).
        <Form ref={focusRef} method="post" key={`${doc.paidCents}:${doc.payments.length}`}>
          <CompanyField />
          <FormError message={answer?.formError} />
          <PaymentFields
            answer={answer}
            currency={doc.currency}
            defaults={{
              paidOn: today,
              amount: formatCents(doc.dueCents).replace(/\s/g, ""),
              method: "bank",
            }}
          />
          <Button type="submit" name="intent" value="payment" disabled={busy}>
            Запиши плащане
          </Button>
        </Form>
      ) : null}
    </Section>
  );
}

function PaymentFields({
  answer,
  currency,
  defaults,
}: {
  answer: FormAnswer | undefined;
  currency: string;
  defaults: Record<string, string>;
}) {
  const value = (name: string) => typedOr(answer, name, defaults[name] ?? "");
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <>
      <DateField
        name="paidOn"
        label="Дата на плащане"
        defaultValue={value("paidOn")}
        error={error("paidOn")}
        required
      />
      <AmountField
        name="amount"
        label={`Сума (${currency})`}
        defaultValue={value("amount")}
        error={error("amount")}
        required
        selectOnFocus
      />
      <FormField
        name="method"
        label="Начин"
        options={PAYMENT_METHODS}
        defaultValue={value("method")}
        error={error("method")}
      />
      <FormField name="note" label="Бележка" defaultValue={value("note")} error={error("note")} />
    </>
  );
}
