import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { actorOf } from "~/modules/auth/acts.server";
import { lockedSentence } from "~/modules/periods/constants";
import {
  listPeriods,
  lockPeriod,
  type PeriodJson,
  unlockPeriod,
} from "~/modules/periods/locks.server";
import { unlockSchema } from "~/modules/periods/schema";
import { AppError } from "~/utils/errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * /settings/periods (issue #45 item 6, decision 058): the months with their state, «Заключи» and
 * «Отключи» with a reason. Native forms, each answering at its own month's row.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "periods");
  const periods = await listPeriods(context.db, user.companyId);
  return json({ companyName: user.companyName, periods });
}

const formOf = (month: string) => `period-${month}`;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "periods");
  const values = typedValues(await request.formData());
  const month = values.month ?? "";
  const formId = formOf(month);
  try {
    switch (values.intent) {
      case "lock": {
        const period = await lockPeriod(context.db, user.companyId, month, actorOf(user, context));
        return redirectWithToast("/settings/periods", {
          title: `Периодът ${period.label} е заключен`,
          description:
            "Документи, плащания, разходи, заплати и банкови записи в него не се променят.",
        });
      }
      case "unlock": {
        const { data, refusal } = parseFormValues(formId, unlockSchema, values, ["reason"]);
        if (refusal) return refusal;
        const period = await unlockPeriod(
          context.db,
          user.companyId,
          month,
          actorOf(user, context),
          data.reason,
        );
        return redirectWithToast("/settings/periods", {
          title: `Периодът ${period.label} е отключен`,
          description: "Причината е записана в одитната следа.",
        });
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(formId, error, values);
  }
}

export default function Periods() {
  const { companyName, periods } = useLoaderData<typeof loader>();
  const unknown = useFormAnswer("");
  return (
    <div className={styles.page}>
      <h1>Заключени периоди</h1>
      <FormError message={unknown?.formError} />
      <p>
        Фирма: <strong>{companyName}</strong>. В заключен месец не се създават, издават, променят
        или изтриват документи, плащания, разходи, заплати и банкови записи с дата в него;
        корекцията се записва в отворен период. Отключването иска причина; и двете остават в
        одитната следа.
      </p>
      <ScrollTable label="Месеци">
        <table className={listStyles.table}>
          <caption className="visually-hidden">Месеци и тяхното състояние</caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Месец
              </th>
              <th scope="col" className={listStyles.cell}>
                Състояние
              </th>
              <th scope="col" className={listStyles.cell}>
                Действие
              </th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <PeriodRow key={period.month} period={period} />
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

function PeriodRow({ period }: { period: PeriodJson }) {
  const answer = useFormAnswer(formOf(period.month));
  const busy = useNavigation().state === "submitting";
  return (
    <tr>
      <th scope="row" className={listStyles.cell}>
        {period.label}
      </th>
      <td className={listStyles.cell}>
        {period.locked && period.lockedAt && period.lockedBy
          ? lockedSentence({
              month: period.month,
              lockedAt: period.lockedAt,
              lockedByName: period.lockedBy.name,
            })
          : "Отворен"}
      </td>
      <td className={listStyles.cell}>
        <FormError message={answer?.formError} />
        <Form
          method="post"
          aria-label={`${period.locked ? "Отключване" : "Заключване"} на ${period.label}`}
        >
          <CompanyField />
          <input type="hidden" name="month" value={period.month} />
          {period.locked ? (
            <>
              <FormField
                name="reason"
                label="Причина за отключването"
                required
                defaultValue={typedOr(answer, "reason")}
                error={answer?.fieldErrors.reason}
              />
              <Button type="submit" name="intent" value="unlock" tone="quiet" disabled={busy}>
                Отключи<span className="visually-hidden"> {period.label}</span>
              </Button>
            </>
          ) : (
            <Button type="submit" name="intent" value="lock" tone="quiet" disabled={busy}>
              Заключи<span className="visually-hidden"> {period.label}</span>
            </Button>
          )}
        </Form>
      </td>
    </tr>
  );
}

export const meta: MetaFunction = () => [{ title: "Заключени периоди | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
