import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DatedTable, printPeriod } from "~/components/admin/dated-table";
import { AccountForm, FormatForm } from "~/components/admin/nap-forms";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { byAdmin } from "~/modules/admin/audit.server";
import {
  addNapAccount,
  addNapFormat,
  listNapSettings,
  NAP_ACCOUNT_FIELDS,
  NAP_FORMAT_FIELDS,
  napAccountSchema,
  napFormatSchema,
} from "~/modules/admin/nap-settings.server";
import {
  NAP_ACCOUNT_FORM,
  NAP_ACCOUNT_KINDS,
  NAP_FORMAT_FORM,
} from "~/modules/admin/nap-settings-constants";
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
import { ownValue } from "~/utils/own-keys";
import { redirectWithToast } from "~/utils/toast.server";
import { requireAdmin } from "~/web/admin/guard.server";

/*
 * /hatterscastle/nap (issue #27, decision 024): the format of the declarations обр. 1 and обр. 6
 * (file names, tags, вид плащане, вид осигурен) and НАП's bank accounts, as dated rows. A month's
 * files take the format valid on its last day; the payments take the accounts valid on the due
 * date. Native forms: without JavaScript a refused form comes back with what was typed.
 */

const HERE = "/hatterscastle/nap";
const _FORM_IDS = { format: NAP_FORMAT_FORM, account: NAP_ACCOUNT_FORM } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { formats, accounts } = await listNapSettings(context.db);
  const latest = formats[0];
  return json({
    prefill: latest
      ? {
          form1FileName: latest.form1FileName,
          form1Tag: latest.form1Tag,
          form6FileName: latest.form6FileName,
          form6Tag: latest.form6Tag,
          paymentTypePayroll: String(latest.paymentTypePayroll),
          paymentTypeContracts: String(latest.paymentTypeContracts),
          insuredTypeLabour: latest.insuredTypeLabour,
          insuredTypeManagement: latest.insuredTypeManagement,
          insuredTypeCivil: latest.insuredTypeCivil,
        }
      : ({} as Record<string, string>),
    formats: formats.map((f) => ({
      id: f.id,
      cells: [
        printPeriod(f),
        `${f.form1FileName} / ${f.form1Tag}`,
        `${f.form6FileName} / ${f.form6Tag}`,
        `${f.paymentTypePayroll} / ${f.paymentTypeContracts}`,
        `${f.insuredTypeLabour} / ${f.insuredTypeManagement} / ${f.insuredTypeCivil}`,
        f.confirmed ? "Потвърден" : "Непотвърден",
        f.note ?? "",
      ],
    })),
    accounts: accounts.map((a) => ({
      id: a.id,
      cells: [
        printPeriod(a),
        ownValue(NAP_ACCOUNT_KINDS, a.kind) ?? a.kind,
        a.iban,
        a.confirmed ? "Потвърдена" : "Непотвърдена",
        a.note ?? "",
      ],
    })),
  });
}

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
      case NAP_FORMAT_FORM: {
        const { data, refusal } = parseFormValues(
          intent,
          napFormatSchema,
          values,
          NAP_FORMAT_FIELDS,
        );
        if (refusal) return refusal;
        await addNapFormat(context.db, data, audit);
        return redirectWithToast(HERE, {
          title: "Форматът на декларациите е добавен",
          description: `За периодите от ${printDate(data.validFrom)}.`,
        });
      }
      case NAP_ACCOUNT_FORM: {
        const { data, refusal } = parseFormValues(
          intent,
          napAccountSchema,
          values,
          NAP_ACCOUNT_FIELDS,
        );
        if (refusal) return refusal;
        await addNapAccount(context.db, data, audit);
        return redirectWithToast(HERE, {
          title: "Сметката на НАП е добавена",
          description: `В сила от ${printDate(data.validFrom)}.`,
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

export default function NapSettings() {
  const { prefill, formats, accounts } = useLoaderData<typeof loader>();
  const unknown = useFormAnswer("");
  return (
    <div className={page.page}>
      <h1>НАП: формати на декларациите и сметки</h1>
      <FormError message={unknown?.formError} />
      <section className={page.card} aria-labelledby="formats-title">
        <h2 id="formats-title">Формат на декларации обр. 1 и обр. 6</h2>
        <p>
          Файловете за месец се пишат с формата, валиден в последния му ден. Годината в името на
          файла е версията на формата, не периодът.
        </p>
        <DatedTable
          caption="Формати по период"
          columns={[
            "Период",
            "Обр. 1: файл / версия",
            "Обр. 6: файл / версия",
            "Вид плащане: заплати / граждански договори",
            "Вид осигурен: трудов / управление / граждански",
            "Състояние",
            "Бележка",
          ]}
          rows={formats}
        />
        <FormatForm values={prefill} />
      </section>
      <section className={page.card} aria-labelledby="accounts-title">
        <h2 id="accounts-title">Сметки на НАП в БНБ</h2>
        <p>Плащанията за месец се насочват към сметките, валидни на датата на плащане.</p>
        <DatedTable
          caption="Сметки по вид задължение и период"
          columns={["Период", "Задължение", "IBAN", "Състояние", "Бележка"]}
          rows={accounts}
        />
        <AccountForm />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "НАП: формати и сметки | Админ | Сметка" }];
