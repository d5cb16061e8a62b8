import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { FormError } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { DocumentSheet } from "~/components/invoices/document-sheet";
import * as styles from "~/components/invoices/invoices.css";
import { PaymentBadge } from "~/components/invoices/status-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { getLogoDataUrl } from "~/modules/accounts/account.server";
import { requireCompanyUser } from "~/modules/auth/guards.server";
import {
  addPayment,
  cancelDocument,
  convertProforma,
  deleteDraft,
  deletePayment,
  paymentState,
  requireDocument,
  todayInSofia,
} from "~/modules/invoices/documents.server";
import { formatCents, formatMoney } from "~/modules/invoices/money";
import { printDate } from "~/modules/invoices/print";
import { issueWithPdf, printModelFor } from "~/modules/invoices/render.server";
import {
  cancelSchema,
  DOCUMENT_TYPES,
  fieldMessages,
  PAYMENT_METHODS,
  paymentSchema,
} from "~/modules/invoices/schema";
import { sendDocument } from "~/modules/invoices/send.server";
import { MailError } from "~/modules/mail/mailer.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/http.server";
import { toastHeader } from "~/utils/toast.server";
import * as page from "./_app.dashboard.css";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context);
  const doc = await requireDocument(context.db, user.companyId, params.id);
  const [model, client, logoUrl, related] = await Promise.all([
    printModelFor(context.db, doc),
    context.db
      .selectFrom("clients")
      .select(["id", "name", "emails"])
      .where("companyId", "=", user.companyId)
      .where("id", "=", doc.clientId)
      .executeTakeFirstOrThrow(),
    getLogoDataUrl(context.db, user.companyId),
    context.db
      .selectFrom("documents")
      .select(["id", "type", "number", "status"])
      .where("companyId", "=", user.companyId)
      .where((eb) => eb.or([eb("originalId", "=", doc.id), eb("proformaId", "=", doc.id)]))
      .orderBy("createdAt")
      .execute(),
  ]);
  const today = todayInSofia();
  return json({
    doc: {
      id: doc.id,
      type: doc.type,
      status: doc.status,
      number: doc.number,
      currency: doc.currency,
      totalCents: doc.totalCents,
      paidCents: doc.paidCents,
      dueCents: Math.max(doc.totalCents - doc.paidCents, 0),
      issuedAt: doc.issuedAt,
      cancelledAt: doc.cancelledAt,
      sentAt: doc.sentAt,
      sentTo: doc.sentTo,
      originalId: doc.originalId,
      proformaId: doc.proformaId,
      payments: doc.payments,
      state: paymentState(doc, today),
    },
    model,
    client,
    logoUrl,
    related,
    today,
  });
}

type ActionData = {
  form: string;
  errors?: Record<string, string>;
  formError?: string;
  /** What was typed, so a page rendered without JavaScript shows it again. */
  values?: Record<string, string>;
};

async function done(to: string, title: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: { "Set-Cookie": await toastHeader({ type, title }) } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context);
  const doc = await requireDocument(context.db, user.companyId, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const refused = (
    formId: string,
    formError: string,
    status: number,
    errors?: Record<string, string>,
  ) => json<ActionData>({ form: formId, formError, values, ...(errors && { errors }) }, { status });
  const here = `/invoice/${doc.id}`;
  try {
    switch (intent) {
      case "issue": {
        const issued = await issueWithPdf(context.db, user.companyId, doc.id);
        return done(here, `Издадено: ${DOCUMENT_TYPES[issued.type]} № ${issued.number}`);
      }
      case "delete": {
        if (form.get("confirm") !== "on") {
          return refused("delete", "Потвърдете, че искате черновата да бъде изтрита", 400);
        }
        await deleteDraft(context.db, user.companyId, doc.id);
        return done("/invoices", "Черновата е изтрита");
      }
      case "cancel": {
        const parsed = cancelSchema.safeParse({ reason: form.get("reason") ?? "" });
        if (!parsed.success) {
          const errors = fieldMessages(parsed.error);
          return refused("cancel", errors.reason ?? "", 400, errors);
        }
        await cancelDocument(context.db, user.companyId, doc.id, parsed.data.reason);
        return done(here, `${DOCUMENT_TYPES[doc.type]} № ${doc.number} е анулиран(а)`);
      }
      case "payment": {
        const parsed = paymentSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) {
          return refused("payment", "Плащането не е записано", 400, fieldMessages(parsed.error));
        }
        await addPayment(context.db, user.companyId, doc, parsed.data);
        return done(here, "Плащането е записано");
      }
      case "deletePayment": {
        await deletePayment(
          context.db,
          user.companyId,
          doc.id,
          String(form.get("paymentId") ?? ""),
        );
        return done(here, "Плащането е изтрито");
      }
      case "send": {
        await sendDocument(context, user.companyId, doc, String(form.get("to") ?? ""));
        return done(here, "Документът е изпратен по имейл");
      }
      case "convert": {
        const id = await convertProforma(context.db, user.companyId, user.id, doc, todayInSofia());
        return done(`/invoice/edit/${id}`, "Създадена е чернова на фактура по проформата");
      }
      default:
        return refused("", "Неизвестно действие", 400);
    }
  } catch (error) {
    if (error instanceof MailError) {
      return refused("send", "Имейлът не можа да бъде изпратен. Опитайте отново по-късно.", 503);
    }
    if (!(error instanceof AppError)) throw error;
    return refused(intent, error.message, error.status, error.fields);
  }
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className={page.card} aria-labelledby={id}>
      <h2 id={id} style={{ marginTop: 0, fontSize: "1.125rem" }}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function DocumentPage() {
  const { doc, model, client, logoUrl, related, today } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errorOf = (form: string) => (data?.form === form ? data : undefined);
  const title = `${DOCUMENT_TYPES[doc.type]}${doc.number ? ` № ${doc.number}` : " (чернова)"}`;
  const payable = doc.status === "issued" && doc.type !== "credit_note";

  return (
    <div className={page.page}>
      <p>
        <Link to="/invoices">« Документи</Link>
      </p>
      <h1>
        {title} <PaymentBadge status={doc.status} state={doc.state} />
      </h1>
      <p>
        Клиент: <Link to={`/client/edit/${client.id}`}>{client.name}</Link>
        {doc.sentAt ? ` · Изпратен на ${formatDate(doc.sentAt)} до ${doc.sentTo}` : ""}
      </p>
      {related.length ? (
        <p>
          Свързани документи:{" "}
          {related.map((r, i) => (
            <span key={r.id}>
              {i ? ", " : ""}
              <Link to={`/invoice/${r.id}`}>
                {DOCUMENT_TYPES[r.type]} {r.number ? `№ ${r.number}` : "(чернова)"}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {errorOf("")?.formError ? <FormError message={errorOf("")?.formError} /> : null}
      <div className={styles.layout}>
        <DocumentSheet model={model} logoUrl={logoUrl} />
        <div className={styles.aside}>
          {doc.status === "draft" ? (
            <Section title="Чернова">
              <p>Черновата няма номер. Номерът се дава при издаване и не може да се промени.</p>
              <FormError message={errorOf("issue")?.formError} />
              <div className={styles.actions}>
                <ButtonLink to={`/invoice/edit/${doc.id}`} tone="secondary">
                  Редактирай
                </ButtonLink>
                <Form method="post">
                  <Button type="submit" name="intent" value="issue" disabled={busy}>
                    Издай
                  </Button>
                </Form>
              </div>
              <Form method="post" style={{ marginTop: "1rem" }}>
                <FormError message={errorOf("delete")?.formError} />
                <div className={fieldStyles.checkboxRow}>
                  <input id="confirm-delete" type="checkbox" name="confirm" />
                  <label htmlFor="confirm-delete">Потвърждавам изтриването на черновата</label>
                </div>
                <Button type="submit" name="intent" value="delete" tone="quiet" disabled={busy}>
                  Изтрий черновата
                </Button>
              </Form>
            </Section>
          ) : null}

          <Section title="PDF">
            <div className={styles.actions}>
              <a href={`/invoice/${doc.id}/pdf`} download>
                Изтегли PDF
              </a>
              <a href={`/invoice/${doc.id}/pdf?inline=1`} target="_blank" rel="noreferrer">
                Отвори PDF<span className="visually-hidden"> (в нов раздел)</span>
              </a>
            </div>
          </Section>

          {doc.status === "issued" ? (
            <Section title="Изпращане по имейл">
              <Form method="post">
                <FormError message={errorOf("send")?.formError} />
                <div className={fieldStyles.field}>
                  <label htmlFor="send-to" className={fieldStyles.label}>
                    До (имейл адреси)
                  </label>
                  <input
                    id="send-to"
                    name="to"
                    type="text"
                    inputMode="email"
                    autoComplete="email"
                    defaultValue={errorOf("send")?.values?.to ?? client.emails.join(", ")}
                    className={fieldStyles.input}
                    aria-invalid={errorOf("send")?.errors?.to ? true : undefined}
                  />
                </div>
                <Button type="submit" name="intent" value="send" disabled={busy}>
                  {doc.sentAt ? "Изпрати отново" : "Изпрати"}
                </Button>
              </Form>
            </Section>
          ) : null}

          {payable ? (
            <Section title="Плащания">
              <p>
                Платено {formatMoney(doc.paidCents, doc.currency)} от{" "}
                {formatMoney(doc.totalCents, doc.currency)}; остават{" "}
                <strong>{formatMoney(doc.dueCents, doc.currency)}</strong>.
              </p>
              {doc.payments.length ? (
                <ul className={styles.plainList}>
                  {doc.payments.map((p) => (
                    <li key={p.id} style={{ marginBottom: "0.5rem" }}>
                      {printDate(p.paidOn)} — {formatMoney(p.amountCents, doc.currency)} (
                      {PAYMENT_METHODS[p.method]}){p.note ? `, ${p.note}` : ""}
                      <Form method="post" style={{ display: "inline" }}>
                        <input type="hidden" name="paymentId" value={p.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="deletePayment"
                          tone="quiet"
                          disabled={busy}
                        >
                          Изтрий
                          <span className="visually-hidden">
                            {" "}
                            плащането от {printDate(p.paidOn)}
                          </span>
                        </Button>
                      </Form>
                    </li>
                  ))}
                </ul>
              ) : null}
              {doc.dueCents > 0 ? (
                <Form method="post">
                  <FormError message={errorOf("payment")?.formError} />
                  <PaymentFields
                    errors={errorOf("payment")?.errors ?? {}}
                    values={{
                      paidOn: today,
                      amount: formatCents(doc.dueCents).replace(/\s/g, ""),
                      method: "bank",
                      note: "",
                      ...errorOf("payment")?.values,
                    }}
                    currency={doc.currency}
                  />
                  <Button type="submit" name="intent" value="payment" disabled={busy}>
                    Запиши плащане
                  </Button>
                </Form>
              ) : null}
            </Section>
          ) : null}

          {doc.status === "issued" && doc.type === "invoice" ? (
            <Section title="Известия">
              <p>Промяна след издаване се прави с известие към фактурата.</p>
              <div className={styles.actions}>
                <ButtonLink to={`/invoice/new?type=credit_note&from=${doc.id}`} tone="secondary">
                  Кредитно известие
                </ButtonLink>
                <ButtonLink to={`/invoice/new?type=debit_note&from=${doc.id}`} tone="secondary">
                  Дебитно известие
                </ButtonLink>
              </div>
            </Section>
          ) : null}

          {doc.status === "issued" && doc.type === "proforma" ? (
            <Section title="Фактура по проформата">
              <FormError message={errorOf("convert")?.formError} />
              <Form method="post">
                <Button type="submit" name="intent" value="convert" disabled={busy}>
                  Създай фактура
                </Button>
              </Form>
            </Section>
          ) : null}

          {doc.status === "issued" ? (
            <Section title="Анулиране">
              <p>Анулираният документ запазва номера си и остава в дневника с нулеви стойности.</p>
              <Form method="post">
                <FormError message={errorOf("cancel")?.formError} />
                <div className={fieldStyles.field}>
                  <label htmlFor="cancel-reason" className={fieldStyles.label}>
                    Причина за анулиране
                  </label>
                  <input
                    id="cancel-reason"
                    name="reason"
                    defaultValue={errorOf("cancel")?.values?.reason}
                    className={fieldStyles.input}
                    aria-invalid={errorOf("cancel") ? true : undefined}
                    aria-required
                  />
                </div>
                <Button type="submit" name="intent" value="cancel" tone="quiet" disabled={busy}>
                  Анулирай документа
                </Button>
              </Form>
            </Section>
          ) : null}
          {doc.status === "cancelled" && doc.cancelledAt ? (
            <Section title="Анулиран">
              <p>Документът е анулиран на {formatDate(doc.cancelledAt)}.</p>
            </Section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function PaymentFields({
  errors,
  values,
  currency,
}: {
  errors: Record<string, string>;
  /** The defaults, or what was typed when the server refused the payment. */
  values: Record<string, string>;
  currency: string;
}) {
  const field = (name: string, label: string, control: React.ReactNode) => (
    <div className={fieldStyles.field}>
      <label htmlFor={`payment-${name}`} className={fieldStyles.label}>
        {label}
      </label>
      {control}
      {errors[name] ? (
        <p id={`payment-${name}-error`} className={fieldStyles.error}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const aria = (name: string) => ({
    id: `payment-${name}`,
    name,
    defaultValue: values[name],
    className: fieldStyles.input,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `payment-${name}-error` : undefined,
  });
  return (
    <>
      {field("paidOn", "Дата на плащане", <input {...aria("paidOn")} type="date" />)}
      {field("amount", `Сума (${currency})`, <input {...aria("amount")} inputMode="decimal" />)}
      {field(
        "method",
        "Начин",
        <select {...aria("method")}>
          {Object.entries(PAYMENT_METHODS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>,
      )}
      {field("note", "Бележка", <input {...aria("note")} />)}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${DOCUMENT_TYPES[data.doc.type]}${data.doc.number ? ` ${data.doc.number}` : ""} | Сметка`
      : "Документ | Сметка",
  },
];
