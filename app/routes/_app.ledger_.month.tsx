import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { LedgerNav } from "~/components/ledger/ledger-parts";
import { MonthSectionCard } from "~/components/ledger/month-sections";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { actorOf } from "~/modules/auth/acts.server";
import { can } from "~/modules/auth/capabilities";
import { MONTH_END_MESSAGES } from "~/modules/month-end/constants";
import { monthEnd } from "~/modules/month-end/state.server";
import { lockedSentence } from "~/modules/periods/constants";
import { lockPeriod } from "~/modules/periods/locks.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { refuseUnknownIntent, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { MONTH, monthLabel, previousMonth } from "~/utils/periods";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * /ledger/month?month=yyyy-MM «Приключване на месеца» (issue #46 item 3): everything the
 * accountant needs for a month on one page — the drafts, the VAT files, the payroll files, the
 * bank, the books and the lock — with what to fix and where, the month's ZIP of all of it, and
 * «Заключи месеца». The companies side by side are at /companies/months.
 */

/** The month asked for (yyyy-MM, not after this one), or null; none asked: the last month. */
function monthOf(asked: string | null, today: string): string | null {
  if (asked === null) return previousMonth(today.slice(0, 7));
  return MONTH.test(asked) && asked <= today.slice(0, 7) ? asked : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const asked = new URL(request.url).searchParams.get("month");
  const month = monthOf(asked, today);
  const shown = month ?? previousMonth(today.slice(0, 7));
  const state = await monthEnd(context.db, { id: user.companyId, plan: user.plan }, shown, today);
  return json(
    {
      state,
      companyName: user.companyName,
      error: month ? null : MONTH_END_MESSAGES.month,
      mayLock: can(user, "periods"),
      mayEdit: can(user, "ledger.edit"),
      companies: user.companyCount,
    },
    month ? undefined : { status: 400 },
  );
}

const FORM = "month-lock";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "periods");
  const values = typedValues(await request.formData());
  if (values.intent !== "lock") return refuseUnknownIntent("lock");
  const month = values.month ?? "";
  try {
    const period = await lockPeriod(context.db, user.companyId, month, actorOf(user, context));
    return redirectWithToast(`/ledger/month?month=${period.month}`, {
      title: `Периодът ${period.label} е заключен`,
      description: "Документи, плащания, разходи, заплати и банкови записи в него не се променят.",
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(FORM, error, values);
  }
}

export default function MonthEnd() {
  const { state, companyName, error, mayLock, mayEdit, companies } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM);
  const busy = useNavigation().state === "submitting";
  const zipHref = `/ledger/month.zip?month=${state.month}`;
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/month" mayEdit={mayEdit} />
      <h2>Приключване на месеца: {state.label}</h2>
      <p>
        Фирма: <strong>{companyName}</strong>
        {companies > 1 && (
          <>
            {" "}
            · <Link to="/companies/months">Всички фирми по месеци</Link>
          </>
        )}
      </p>
      <Form method="get" className={listStyles.toolbar} aria-label="Месец">
        <FormField
          name="month"
          label="Месец"
          type="month"
          defaultValue={state.month}
          error={error ?? undefined}
        />
        <Button type="submit" tone="secondary">
          Покажи
        </Button>
      </Form>
      <p role="status">{state.headline}</p>
      <div className={page.card}>
        <p>
          {state.lock
            ? lockedSentence({ month: state.month, ...state.lock })
            : `${monthLabel(state.month)} не е заключен.`}
        </p>
        <p>
          <a href={zipHref} download>
            Изтегли всичко за месеца (ZIP)
          </a>{" "}
          — файловете по ДДС и заплати, когато са готови, хронологичният регистър и оборотната
          ведомост, и ПРОЧЕТИ.txt с това, което липсва.
        </p>
        {mayLock && !state.lock && (
          <>
            <FormError message={answer?.formError} />
            <Form method="post" aria-label={`Заключване на ${state.label}`}>
              <CompanyField />
              <input type="hidden" name="month" value={state.month} />
              {!state.ready && (
                <p>
                  Има неща за поправяне; заключеният месец не се променя, докато не бъде отключен с
                  причина.
                </p>
              )}
              <Button type="submit" name="intent" value="lock" disabled={busy}>
                Заключи {state.label}
              </Button>
            </Form>
          </>
        )}
      </div>
      <div className={page.grid}>
        {state.sections.map((section) => (
          <MonthSectionCard key={section.key} section={section} />
        ))}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Приключване на месеца | Сметка" }];

export const ErrorBoundary = GateBoundary;

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
