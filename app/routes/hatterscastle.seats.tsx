import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { DatedTable, periodState, printPeriod } from "~/components/admin/dated-table";
import { DateField } from "~/components/forms/date-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { byAdmin } from "~/modules/admin/audit.server";
import {
  addPlanSeats,
  listPlanSeats,
  SEATS_FIELDS,
  seatsSchema,
} from "~/modules/admin/seats.server";
import { SEATS_FORM } from "~/modules/admin/seats-constants";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import { isBodyTooLarge } from "~/utils/body-limit.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireAdmin } from "~/web/admin/guard.server";

/*
 * /hatterscastle/seats (issue #29): how many members a company of each plan may have (accountants
 * use no seat), as dated rows; a company's invitations and role changes read the row valid today.
 */

const HERE = "/hatterscastle/seats";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const today = todayInSofia();
  const rows = await listPlanSeats(context.db);
  return json({
    rows: rows.map((row) => ({
      id: row.id,
      cells: [printPeriod(row), PLAN_NAMES[row.plan], String(row.seats), periodState(row, today)],
    })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  // Anything that is not a form is no known intent (400), never a failure.
  const form = await request.formData().catch((error) => {
    if (isBodyTooLarge(error)) throw error;
    return new FormData();
  });
  const values = typedValues(form);
  if (values.intent !== SEATS_FORM) return refuseUnknownIntent();
  try {
    const { data, refusal } = parseFormValues(SEATS_FORM, seatsSchema, values, SEATS_FIELDS);
    if (refusal) return refusal;
    await addPlanSeats(context.db, data, byAdmin(admin, context));
    return redirectWithToast(HERE, {
      title: "Местата са запазени",
      description: `${PLAN_NAMES[data.plan]}: ${data.seats} от ${printDate(data.validFrom)}.`,
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return refuseWithAppError(SEATS_FORM, error, values);
  }
}

export default function Seats() {
  const { rows } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(SEATS_FORM);
  const focusRef = useFocusFirstInvalid(answer);
  const unknown = useFormAnswer("");
  const busy = useNavigation().state === "submitting";
  return (
    <div className={page.page}>
      <h1>Места по планове</h1>
      <FormError message={unknown?.formError} />
      <section className={page.card} aria-labelledby="seats-title">
        <h2 id="seats-title">Членове на фирма по план</h2>
        <p>
          Собственикът, служителите и членовете «само преглед» заемат място, както и поканите, които
          чакат; счетоводителите не заемат. Фирма с повече членове от новия брой ги запазва, но не
          може да кани нови.
        </p>
        <DatedTable
          caption="Места по план и период"
          columns={["Период", "План", "Места", "Състояние"]}
          rows={rows}
        />
        <Form ref={focusRef} method="post" noValidate aria-labelledby="seats-form-title">
          <h3 id="seats-form-title">Нов брой места от дата</h3>
          <FormError message={answer?.formError} />
          <FormField
            name="plan"
            label="План"
            required
            options={Object.entries(PLAN_NAMES)}
            defaultValue={typedOr(answer, "plan", "standard")}
            error={answer?.fieldErrors.plan}
          />
          <FormField
            name="seats"
            label="Места"
            required
            inputMode="numeric"
            defaultValue={typedOr(answer, "seats")}
            error={answer?.fieldErrors.seats}
            controlProps={{ maxLength: 5 }}
          />
          <DateField
            name="validFrom"
            label="В сила от"
            required
            defaultValue={typedOr(answer, "validFrom")}
            error={answer?.fieldErrors.validFrom}
          />
          <Button type="submit" name="intent" value={SEATS_FORM} disabled={busy}>
            Запази
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Места по планове | Админ | Сметка" }];
