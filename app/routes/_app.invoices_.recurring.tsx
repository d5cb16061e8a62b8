import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import * as frame from "~/components/ui/scroll-table.css";
import { documentsOf } from "~/modules/invoices/documents.server";
import { MODES } from "~/modules/recurring/constants";
import { FREQUENCIES } from "~/modules/recurring/schedule";
import { listRecurring, setRecurringStatus } from "~/modules/recurring/service.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { refuseUnknownIntent, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/*
 * /invoices/recurring (issue #15): the company's recurring invoices — client, schedule, the next
 * date, what happens then — with pause, resume and end, and the documents each one made.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  return json({
    recurring: await listRecurring(context.db, user.companyId, documentsOf(user)),
  });
}

const DONE = {
  pause: "Периодичната фактура е спряна",
  resume: "Периодичната фактура е пусната отново",
  end: "Периодичната фактура е прекратена",
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const values = typedValues(await request.formData());
  const intent = values.intent;
  if (intent !== "pause" && intent !== "resume" && intent !== "end") {
    return refuseUnknownIntent();
  }
  try {
    // Staff limited to their own documents change only the recurring invoices made from theirs.
    const own = documentsOf(user);
    if (
      own &&
      !(await listRecurring(context.db, user.companyId, own)).some((r) => r.id === values.id)
    ) {
      throw new AppError("Периодичната фактура не е намерена", 404);
    }
    await setRecurringStatus(context.db, user.companyId, values.id ?? "", intent);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError("", error, {});
  }
  return redirectWithToast("/invoices/recurring", DONE[intent]);
}

const STATUS = { active: "Активна", paused: "Спряна", ended: "Прекратена" } as const;

function schedule(r: { frequency: keyof typeof FREQUENCIES; dayOfMonth: number }) {
  return `${FREQUENCIES[r.frequency].label}, на ${r.dayOfMonth}-о число${r.dayOfMonth > 28 ? " (или последния ден на месеца)" : ""}`;
}

// The columns, and whether a phone shows them (the others are told under the name).
const COLUMNS = [
  ["Име", true],
  ["Клиент", false],
  ["График", false],
  ["Следваща", true],
  ["Действие", false],
  ["Състояние", true],
  ["Създадени", true],
  ["", true],
] as const;

export default function RecurringInvoices() {
  const { recurring } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const answer = useFormAnswer("");
  return (
    <div className={page.page}>
      <p>
        <Link to="/invoices">« Документи</Link>
      </p>
      <h1>Периодични фактури</h1>
      <p>
        Периодична фактура се създава от всяка фактура с «Направи периодична» на страницата ѝ. В
        уречения ден (по българско време) Сметка създава нова фактура със същия клиент и редове и
        датата на деня: като чернова, издадена, или издадена и изпратена на клиента.
      </p>
      <FormError message={answer?.formError} />
      {recurring.length === 0 ? (
        <p className={page.card}>Още няма периодични фактури.</p>
      ) : (
        <ScrollTable label="Периодични фактури">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Периодични фактури</caption>
            <thead>
              <tr>
                {COLUMNS.map(([label, phone], i) => (
                  <th
                    key={label || i}
                    scope="col"
                    className={phone ? listStyles.cell : `${listStyles.cell} ${frame.wideOnly}`}
                  >
                    {label || <span className="visually-hidden">Действия</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {recurring.map((r) => (
                <tr key={r.id} id={`r-${r.id}`}>
                  <th scope="row" className={listStyles.cell}>
                    {r.name}
                    <span className={frame.phoneOnly}>
                      {r.clientName}. {schedule(r)}. {MODES[r.mode]}
                    </span>
                  </th>
                  <td className={`${listStyles.cell} ${frame.wideOnly}`}>{r.clientName}</td>
                  <td className={`${listStyles.cell} ${frame.wideOnly}`}>
                    {schedule(r)}
                    <br />
                    от {printDate(r.startOn)}
                    {r.endOn ? ` до ${printDate(r.endOn)}` : ""}
                  </td>
                  <td className={listStyles.cell}>
                    {r.status === "active" && r.nextRunOn ? printDate(r.nextRunOn) : "—"}
                  </td>
                  <td className={`${listStyles.cell} ${frame.wideOnly}`}>{MODES[r.mode]}</td>
                  <td className={listStyles.cell}>
                    {STATUS[r.status]}
                    {r.lastError ? (
                      <>
                        <br />
                        <span role="note">Причина: {r.lastError}</span>
                      </>
                    ) : null}
                  </td>
                  <td className={listStyles.cell}>
                    {r.count === 0 ? (
                      "—"
                    ) : (
                      <ul className={page.lines} aria-label={`Документи от ${r.name}`}>
                        {r.documents.map((d) => (
                          <li key={d.id}>
                            <Link to={`/invoice/${d.id}`}>
                              {d.number ? `№ ${d.number}` : "Чернова"} за{" "}
                              {printDate(d.occurrenceOn ?? "")}
                            </Link>{" "}
                            · {formatMoney(d.totalCents, d.currency)}
                          </li>
                        ))}
                        {r.count > r.documents.length ? (
                          <li>и още {r.count - r.documents.length}</li>
                        ) : null}
                      </ul>
                    )}
                  </td>
                  <td className={listStyles.cell}>
                    <Form method="post">
                      <CompanyField />
                      <input type="hidden" name="id" value={r.id} />
                      {r.status === "active" ? (
                        <Button
                          type="submit"
                          name="intent"
                          value="pause"
                          tone="secondary"
                          disabled={busy}
                        >
                          Спри<span className="visually-hidden"> {r.name}</span>
                        </Button>
                      ) : null}
                      {r.status !== "active" ? (
                        <Button
                          type="submit"
                          name="intent"
                          value="resume"
                          tone="secondary"
                          disabled={busy}
                        >
                          Пусни отново<span className="visually-hidden"> {r.name}</span>
                        </Button>
                      ) : null}
                      {r.status !== "ended" ? (
                        <Button
                          type="submit"
                          name="intent"
                          value="end"
                          tone="secondary"
                          disabled={busy}
                        >
                          Прекрати<span className="visually-hidden"> {r.name}</span>
                        </Button>
                      ) : null}
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Периодични фактури | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
