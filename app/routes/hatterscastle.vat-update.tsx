import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DatedTable, periodState, printPeriod } from "~/components/admin/dated-table";
import { AddGroundForm, AddRateForm, EndRowForm, FetchEcbForm } from "~/components/admin/vat-forms";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { byAdmin, recordAudit } from "~/modules/admin/audit.server";
import { fetchEcbRates, latestEcbRates } from "~/modules/reference/ecb-rates.server";
import { addGroundSchema, addRateSchema, endRowSchema } from "~/modules/reference/vat";
import {
  addVatGround,
  addVatRate,
  allVatGrounds,
  allVatRates,
  endVatGround,
  endVatRate,
} from "~/modules/reference/vat.server";
import {
  ADD_GROUND_FIELDS,
  ADD_RATE_FIELDS,
  END_ROW_FIELDS,
  VAT_GROUND_KINDS,
} from "~/modules/reference/vat-rows";
import { isBodyTooLarge } from "~/utils/body-limit.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireAdmin } from "~/web/admin/guard.server";

/*
 * /hatterscastle/vat-update (spec §2, issue #14): the VAT rates and the legal grounds for 0 % or
 * no VAT, as dated rows. A document may carry a rate in force on its date; issued documents keep
 * theirs whatever changes here. Below them, the ECB's reference rates the forms fill a foreign
 * currency's rate from (decision 051): the newest day kept, and its download on demand.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [rates, grounds, ecb] = await Promise.all([
    allVatRates(context.db),
    allVatGrounds(context.db),
    latestEcbRates(context.db),
  ]);
  return json({ rates, grounds, ecb, today: todayInSofia() });
}

const HERE = "/hatterscastle/vat-update";

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
      case "add-rate": {
        const { data, refusal } = parseFormValues(intent, addRateSchema, values, ADD_RATE_FIELDS);
        if (refusal) return refusal;
        await addVatRate(context.db, data, audit);
        return redirectWithToast(HERE, {
          title: "Ставката е добавена",
          description: `${data.rate} % от ${printDate(data.validFrom)}`,
        });
      }
      case "end-rate": {
        const { data, refusal } = parseFormValues(intent, endRowSchema, values, END_ROW_FIELDS);
        if (refusal) return refusal;
        const row = await endVatRate(context.db, data.id, data.validTo, audit);
        return redirectWithToast(HERE, {
          title: "Последният ден на ставката е запазен",
          description: `${row.rate} % до ${printDate(data.validTo)}`,
        });
      }
      case "add-ground": {
        const { data, refusal } = parseFormValues(
          intent,
          addGroundSchema,
          values,
          ADD_GROUND_FIELDS,
        );
        if (refusal) return refusal;
        await addVatGround(context.db, data, audit);
        return redirectWithToast(HERE, {
          title: "Основанието е добавено",
          description: `${data.text} от ${printDate(data.validFrom)}`,
        });
      }
      case "end-ground": {
        const { data, refusal } = parseFormValues(intent, endRowSchema, values, END_ROW_FIELDS);
        if (refusal) return refusal;
        const row = await endVatGround(context.db, data.id, data.validTo, audit);
        return redirectWithToast(HERE, {
          title: "Последният ден на основанието е запазен",
          description: `${row.text} до ${printDate(data.validTo)}`,
        });
      }
      case "fetch-ecb": {
        const outcome = await fetchEcbRates(context.db);
        await recordAudit(context.db, { ...audit, action: "ecb.fetch", target: outcome.file });
        return redirectWithToast(
          HERE,
          outcome.ok
            ? {
                title: "Курсовете на ЕЦБ са изтеглени",
                description: `Последен ден: ${printDate(outcome.latest)}`,
              }
            : {
                type: "error",
                title: "ЕЦБ не отговори",
                description: `Файлът ${outcome.file} не е прочетен; задачата ще опита отново утре.`,
              },
        );
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return refuseWithAppError(intent, error, values);
  }
}

export default function VatUpdate() {
  const { rates, grounds, ecb, today } = useLoaderData<typeof loader>();
  const unknown = useFormAnswer("");
  return (
    <div className={page.page}>
      <h1>ДДС настройки</h1>
      <FormError message={unknown?.formError} />
      <p>
        Ставките и основанията важат по дата: документът може да носи ставка, която е в сила към
        датата на данъчното събитие (или датата на издаване, ако няма друга). Издадените документи
        запазват ставките си, каквото и да се промени тук.
      </p>

      <section className={page.card} aria-labelledby="rates-title">
        <h2 id="rates-title">Ставки на ДДС</h2>
        <DatedTable
          caption="Ставки на ДДС по период"
          columns={["Ставка", "Наименование", "Период", "Състояние"]}
          rows={rates.map((r) => ({
            id: r.id,
            cells: [`${r.rate} %`, r.name, printPeriod(r), periodState(r, today)],
          }))}
        />
        <div className={page.grid}>
          <AddRateForm />
          <EndRowForm
            intent="end-rate"
            title="Край на ставка"
            hint="Ставката не може да приключи преди датата на издаден документ с нея"
            rows={rates.map((r) => ({
              id: r.id,
              label: `${r.rate} % — ${r.name} (${printPeriod(r)})`,
            }))}
          />
        </div>
      </section>

      <section className={page.card} aria-labelledby="grounds-title">
        <h2 id="grounds-title">Основания за 0 % или без ДДС</h2>
        <DatedTable
          caption="Основания по ЗДДС по период"
          columns={["Текст", "На английски", "Описание", "Вид", "Период", "Състояние"]}
          rows={grounds.map((g) => ({
            id: g.id,
            cells: [
              g.text,
              g.textEn ?? "—",
              g.label,
              VAT_GROUND_KINDS[g.kind],
              printPeriod(g),
              periodState(g, today),
            ],
          }))}
        />
        <div className={page.grid}>
          <AddGroundForm />
          <EndRowForm
            intent="end-ground"
            title="Край на основание"
            hint="След този ден основанието не се предлага; документите пазят текста си"
            rows={grounds.map((g) => ({ id: g.id, label: `${g.text} (${printPeriod(g)})` }))}
          />
        </div>
      </section>

      <section className={page.card} aria-labelledby="ecb-title">
        <h2 id="ecb-title">Курсове на ЕЦБ</h2>
        <p>
          Валута, различна от EUR и BGN, получава курса на Европейската централна банка за датата на
          данъчното събитие (или последния преди нея), ако курсът е оставен празен.
        </p>
        {ecb ? (
          <DatedTable
            caption={`Референтни курсове на ЕЦБ от ${printDate(ecb.date)} (${ecb.source})`}
            columns={["Валута", "Курс на ЕЦБ", "1 единица = … EUR"]}
            rows={ecb.rates.map((r) => ({
              id: r.currency,
              cells: [
                r.currency,
                `1 EUR = ${r.unitsPerEur.replace(".", ",")} ${r.currency}`,
                r.eurRate.replace(".", ","),
              ],
            }))}
          />
        ) : (
          <p>Няма изтеглени курсове.</p>
        )}
        <FetchEcbForm />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "ДДС настройки | Админ | Сметка" }];
