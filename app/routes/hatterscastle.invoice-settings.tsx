import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DatedTable, printPeriod } from "~/components/admin/dated-table";
import {
  ADD_PARAMETERS_FORM,
  AddParametersForm,
  MAX_INSURABLE_FORM,
  MaxInsurableForm,
  SICK_LEAVE_RULE_FORM,
  SickLeaveRuleForm,
} from "~/components/admin/payroll-parameters-forms";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { InvoiceDefaultsForm } from "~/components/settings/invoice-defaults-form";
import { byAdmin } from "~/modules/admin/audit.server";
import {
  addPayrollParameters,
  correctMaxInsurable,
  listPayrollParameters,
  listSickLeaveRules,
  saveSickLeaveRule,
  setInvoiceDefaults,
} from "~/modules/admin/invoice-settings.server";
import {
  MAX_INSURABLE_FIELDS,
  PAYROLL_PARAMETER_FIELDS,
  PAYROLL_RATE_FIELDS,
  SICK_LEAVE_RULE_FIELDS,
} from "~/modules/salaries/parameter-fields";
import {
  maxInsurableSchema,
  payrollParametersSchema,
  sickLeaveRuleSchema,
} from "~/modules/salaries/parameters-form";
import { invoiceDefaultsSchema } from "~/modules/settings/invoice-defaults";
import { getInvoiceDefaults } from "~/modules/settings/invoice-defaults.server";
import {
  INVOICE_DEFAULTS_FIELDS,
  INVOICE_DEFAULTS_FORM_ID,
} from "~/modules/settings/invoice-defaults-fields";
import { isBodyTooLarge } from "~/utils/body-limit.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { formatCents, formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireAdmin } from "~/web/admin/guard.server";

/*
 * /hatterscastle/invoice-settings (spec §2, issue #14): the defaults new companies start with, and
 * the payroll parameters (decision 010) — dated rows; the maximum insurable income is marked
 * «Непотвърден» until confirmed.
 */

/** "8.38" → "8,38 %", "10.00" → "10 %". */
const percent = (value: string) => {
  const text = value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
  return `${text.replace(".", ",")}\u00a0%`;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [defaults, parameters, sickRules] = await Promise.all([
    getInvoiceDefaults(context.db),
    listPayrollParameters(context.db),
    listSickLeaveRules(context.db),
  ]);
  const latest = parameters[0];
  // The new row's form starts from the latest row's figures.
  const prefill: Record<string, string> = latest
    ? {
        minimumWage: formatCents(latest.minimumWageCents),
        maxInsurable: formatCents(latest.maxInsurableCents),
        ...Object.fromEntries(
          Object.keys(PAYROLL_RATE_FIELDS).map((key) => [
            key,
            String(latest[key as keyof typeof PAYROLL_RATE_FIELDS]).replace(".", ","),
          ]),
        ),
      }
    : {};
  return json({
    defaults,
    prefill,
    parameters: parameters.map((p) => ({
      id: p.id,
      period: printPeriod(p),
      minimumWage: formatMoney(p.minimumWageCents, "EUR"),
      maxInsurable: `${formatMoney(p.maxInsurableCents, "EUR")}${p.maxInsurableConfirmed ? "" : " — Непотвърден"}`,
      employee: `${percent(p.employeeDoo)} / ${percent(p.employeeUpf)} / ${percent(p.employeeZo)}`,
      employer: `${percent(p.employerDoo)} / ${percent(p.employerUpf)} / ${percent(p.employerZo)}`,
      tax: percent(p.incomeTax),
      tzpb: `${percent(p.tzpbMin)} – ${percent(p.tzpbMax)}`,
      salaries: String(Number(p.salaryCount ?? 0)),
      note: p.note ?? "",
    })),
    sickRules: sickRules.map((r) => ({
      id: r.id,
      validFrom: printDate(r.validFrom),
      employerDays: String(r.employerDays),
      note: r.note ?? "",
    })),
  });
}

const HERE = "/hatterscastle/invoice-settings";

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData().catch((error) => {
    if (isBodyTooLarge(error)) throw error;
    return new FormData();
  });
  const values = typedValues(form);
  const intent = values.intent ?? "";
  const audit = byAdmin(admin, context);
  try {
    switch (intent) {
      case INVOICE_DEFAULTS_FORM_ID: {
        const { data, refusal } = parseFormValues(
          intent,
          invoiceDefaultsSchema,
          values,
          INVOICE_DEFAULTS_FIELDS,
        );
        if (refusal) return refusal;
        await setInvoiceDefaults(context.db, data, audit);
        return redirectWithToast(HERE, {
          title: "Настройките за нови фирми са запазени",
          description: "Важат за фирмите, регистрирани от сега нататък.",
        });
      }
      case ADD_PARAMETERS_FORM: {
        const { data, refusal } = parseFormValues(
          intent,
          payrollParametersSchema,
          values,
          PAYROLL_PARAMETER_FIELDS,
        );
        if (refusal) return refusal;
        await addPayrollParameters(context.db, data, audit);
        return redirectWithToast(HERE, {
          title: "Осигурителните параметри са добавени",
          description: `В сила от ${printDate(data.validFrom)}.`,
        });
      }
      case MAX_INSURABLE_FORM: {
        const { data, refusal } = parseFormValues(
          intent,
          maxInsurableSchema,
          values,
          MAX_INSURABLE_FIELDS,
        );
        if (refusal) return refusal;
        const { salaryCount, validFrom } = await correctMaxInsurable(context.db, data, audit);
        return redirectWithToast(HERE, {
          title: "Максималният осигурителен доход е запазен",
          description:
            `За периода от ${printDate(validFrom)}.` +
            (salaryCount
              ? ` ${salaryCount} вече изчислени заплати пазят своите суми; новият размер важи за изчисленията оттук нататък.`
              : ""),
        });
      }
      case SICK_LEAVE_RULE_FORM: {
        const { data, refusal } = parseFormValues(
          intent,
          sickLeaveRuleSchema,
          values,
          SICK_LEAVE_RULE_FIELDS,
        );
        if (refusal) return refusal;
        await saveSickLeaveRule(context.db, data, audit);
        return redirectWithToast(HERE, {
          title: "Правилото за болничните е запазено",
          description: `За неработоспособност, настъпила от ${printDate(data.validFrom)}: ${data.employerDays} работни дни за сметка на работодателя.`,
        });
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return refuseWithAppError(intent, error, values);
  }
}

export default function InvoiceSettings() {
  const { defaults, prefill, parameters, sickRules } = useLoaderData<typeof loader>();
  const unknown = useFormAnswer("");
  const defaultsAnswer = useFormAnswer(INVOICE_DEFAULTS_FORM_ID);
  return (
    <div className={page.page}>
      <h1>Настройки на фактурите</h1>
      <FormError message={unknown?.formError} />

      <section className={page.card} aria-labelledby="defaults-title">
        <h2 id="defaults-title">Настройки за нови фирми</h2>
        <p>
          Всяка нова фирма получава свое копие на тези настройки и може да го промени в своите
          «Настройки». Фирмите, които вече са регистрирани, запазват своите.
        </p>
        <InvoiceDefaultsForm values={defaults} answer={defaultsAnswer} submitLabel="Запази" />
      </section>

      <section className={page.card} aria-labelledby="payroll-title">
        <h2 id="payroll-title">Осигурителни параметри</h2>
        <p>
          Заплатата за месец се изчислява с параметрите, валидни в последния му ден. Всяка изчислена
          заплата пази своите суми: промяна тук важи само за заплатите, изчислени или запазени след
          нея.
        </p>
        <DatedTable
          caption="Осигурителни параметри по период"
          columns={[
            "Период",
            "Минимална заплата",
            "Максимален осигурителен доход",
            "Служител: ДОО / УПФ / ЗО",
            "Работодател: ДОО / УПФ / ЗО",
            "Данък",
            "ТЗПБ",
            "Изчислени заплати",
            "Бележка",
          ]}
          rows={parameters.map((p) => ({
            id: p.id,
            cells: [
              p.period,
              p.minimumWage,
              p.maxInsurable,
              p.employee,
              p.employer,
              p.tax,
              p.tzpb,
              p.salaries,
              p.note,
            ],
          }))}
        />
        <MaxInsurableForm
          rows={parameters.map((p) => ({ id: p.id, label: `${p.period}: ${p.maxInsurable}` }))}
        />
        <AddParametersForm values={prefill} />
      </section>

      <section className={page.card} aria-labelledby="sick-rules-title">
        <h2 id="sick-rules-title">Болничен за сметка на работодателя</h2>
        <p>
          Колко от първите работни дни на временната неработоспособност плаща работодателят (КСО чл.
          40, ал. 5). Важи денят, в който неработоспособността е настъпила: правилото с най-късната
          дата до него. Служител без 6 месеца осигурителен стаж не получава тези дни.
        </p>
        <DatedTable
          caption="Правила по дата на настъпване"
          columns={["За настъпила от", "Дни за сметка на работодателя", "Бележка"]}
          rows={sickRules.map((r) => ({ id: r.id, cells: [r.validFrom, r.employerDays, r.note] }))}
        />
        <SickLeaveRuleForm />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Настройки на фактурите | Админ | Сметка" }];
