import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { StatementTable } from "~/components/statements/statement-table";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { recordAct } from "~/modules/auth/acts.server";
import { can } from "~/modules/auth/capabilities";
import {
  issueReconciliation,
  listReconciliations,
} from "~/modules/statements/reconciliations.server";
import {
  actDate,
  RECONCILIATION_STATUS_LABELS,
  STATEMENT_MESSAGES,
  statementPeriod,
} from "~/modules/statements/schema";
import { clientStatement } from "~/modules/statements/statement.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { answerFields, useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { refuseOwnDocumentsOnly } from "~/web/statements/access.server";

/**
 * /clients/{id}/statement?from=&to= (issue #47 item 4, decision 070): «Извлечение по сметка» —
 * the client's documents and payments in the period with the running balance, per currency,
 * its PDF in Bulgarian and English, and the acts of reconciliation («Издай акт за сверка»).
 * Roles that read all documents only; issuing an act takes documents.edit.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  refuseOwnDocumentsOnly(user);
  const url = new URL(request.url);
  const today = todayInSofia();
  const period = statementPeriod(url.searchParams, today);
  const shown = period ?? statementPeriod(new URLSearchParams(), today)!;
  const statement = await clientStatement(
    context.db,
    user.companyId,
    params.id ?? "",
    shown.from,
    shown.to,
  );
  const acts = await listReconciliations(context.db, user.companyId, statement.client.id);
  return json(
    {
      statement,
      acts,
      periodError: period ? null : STATEMENT_MESSAGES.period,
      query: { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" },
      canIssue: can(user, "documents.edit"),
    },
    { status: period ? 200 : 400 },
  );
}

const ACT_FORM = "reconciliation";

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  refuseOwnDocumentsOnly(user);
  const values = typedValues(await request.formData());
  const asOf = actDate(values.asOf);
  if (!asOf) {
    return refuseForm({
      formId: ACT_FORM,
      fieldErrors: { asOf: STATEMENT_MESSAGES.asOf },
      repopulateFields: values,
      focus: "asOf",
    });
  }
  try {
    const clientId = params.id ?? "";
    const ids = await issueReconciliation(context.db, user.companyId, clientId, asOf, user.id);
    const acts = await listReconciliations(context.db, user.companyId, clientId);
    const numbers = acts.filter((a) => ids.includes(a.id)).map((a) => a.number);
    await recordAct(context, user, "reconciliation.issue", {
      type: "client",
      id: clientId,
      label: `№ ${numbers.join(", ")}`,
    });
    return redirectWithToast(`/clients/${clientId}/statement`, {
      title: numbers.map((n) => STATEMENT_MESSAGES.issued(n)).join("; "),
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status === 404) throw error;
    return refuseWithAppError(ACT_FORM, error, values);
  }
}

export default function ClientStatementPage() {
  const { statement, acts, periodError, query, canIssue } = useLoaderData<typeof loader>();
  const { client, from, to } = statement;
  const answer = useFormAnswer(ACT_FORM);
  const fields = answerFields(answer);
  const file = (lang: string) =>
    `/clients/${client.id}/statement.pdf?from=${from}&to=${to}&lang=${lang}`;
  return (
    <div className={page.page}>
      <h1>Извлечение по сметка: {client.name}</h1>
      <p>
        <Link to={`/invoices?clientId=${client.id}`}>Документите на клиента</Link>
      </p>
      <Form method="get" aria-label="Период на извлечението">
        <FormError message={periodError ?? undefined} />
        <FormField
          name="from"
          label="От дата"
          type="date"
          defaultValue={query.from || from}
          error={periodError ?? undefined}
        />
        <FormField name="to" label="До дата" type="date" defaultValue={query.to || to} />
        <Button type="submit">Покажи</Button>
      </Form>
      <p>
        PDF:{" "}
        <a href={file("bg")} data-reload>
          на български
        </a>{" "}
        ·{" "}
        <a href={file("en")} data-reload>
          на английски
        </a>
      </p>
      {statement.currencies.length ? (
        statement.currencies.map((c) => (
          <StatementTable key={c.currency} statement={c} from={from} to={to} />
        ))
      ) : (
        <p>Няма издадени документи към клиента до {printDate(to)}.</p>
      )}

      <h2>Актове за сверка</h2>
      {acts.length ? (
        <ScrollTable label="Актове за сверка">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Издадените актове за сверка</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  №
                </th>
                <th scope="col" className={listStyles.cell}>
                  Към дата
                </th>
                <th scope="col" className={listStyles.cell}>
                  Салдо по нашите книги
                </th>
                <th scope="col" className={listStyles.cell}>
                  Състояние
                </th>
                <th scope="col" className={listStyles.cell}>
                  PDF
                </th>
              </tr>
            </thead>
            <tbody>
              {acts.map((act) => (
                <tr key={act.id}>
                  <th scope="row" className={listStyles.cell}>
                    {act.number}
                  </th>
                  <td className={listStyles.cell}>{printDate(act.asOf)}</td>
                  <td className={listStyles.cell}>{formatMoney(act.balanceCents, act.currency)}</td>
                  <td className={listStyles.cell}>
                    {RECONCILIATION_STATUS_LABELS[act.status]}
                    {act.answeredAt ? ` на ${printDate(act.answeredAt.slice(0, 10))}` : null}
                    {act.status === "disputed" && act.clientAmountCents !== null
                      ? `: по данни на клиента ${formatMoney(act.clientAmountCents, act.currency)}${act.clientNote ? ` — ${act.clientNote}` : ""}`
                      : null}
                  </td>
                  <td className={listStyles.cell}>
                    <a
                      href={`/clients/${client.id}/reconciliation.pdf?act=${act.id}&lang=bg`}
                      data-reload
                    >
                      <span className="visually-hidden">Акт № {act.number} </span>на български
                    </a>
                    {" · "}
                    <a
                      href={`/clients/${client.id}/reconciliation.pdf?act=${act.id}&lang=en`}
                      data-reload
                    >
                      <span className="visually-hidden">Акт № {act.number} </span>на английски
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : (
        <p>Няма издадени актове за сверка.</p>
      )}
      {canIssue ? (
        <Form method="post" aria-label="Издаване на акт за сверка">
          <CompanyField />
          <FormError message={answer?.formError} />
          <FormField
            name="asOf"
            label="Акт за сверка към дата"
            type="date"
            required
            defaultValue={fields.field("asOf").defaultValue ?? to}
            error={fields.error("asOf")}
            hint="Салдото по нашите книги към датата и откритите документи; клиентът го потвърждава или посочва своето салдо."
          />
          <Button type="submit">Издай акт за сверка</Button>
        </Form>
      ) : null}
    </div>
  );
}

export const shouldRevalidate = keepPageOnCompanyMismatch;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Извлечение по сметка${data ? `: ${data.statement.client.name}` : ""} — Сметка` },
];
