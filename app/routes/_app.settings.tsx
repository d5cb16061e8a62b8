import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as styles from "~/components/layout/page.css";
import { PayrollSettingsForm } from "~/components/salaries/payroll-settings-form";
import { InvoiceDefaultsForm } from "~/components/settings/invoice-defaults-form";
import { RemindersForm } from "~/components/settings/reminders-form";
import {
  DeletionCard,
  ExportCard,
  LogoCard,
  NumberingCard,
} from "~/components/settings/settings-cards";
import {
  cancelDeletion,
  deleteLogo,
  getLogoDataUrl,
  saveLogo,
} from "~/modules/accounts/account.server";
import { LOGO_ERROR, LOGO_MAX_BYTES } from "~/modules/accounts/limits";
import { can } from "~/modules/auth/capabilities";
import { numberingState, setNextNumber } from "~/modules/invoices/numbering.server";
import { DEFAULT_REMINDER_TEXT } from "~/modules/mail/templates.server";
import { getReminderSettings, saveReminderSettings } from "~/modules/recurring/reminders.server";
import { reminderSchema } from "~/modules/recurring/schema";
// The form's id from constants, not the schema: a schema module used by the page's component
// would bring zod to every page that imports that module (tests/e2e/js-size.test.ts).
import { PAYROLL_SETTINGS_FORM_ID } from "~/modules/salaries/constants";
import { payrollSettings, setActivityCode } from "~/modules/salaries/employees.server";
import { payrollSettingsSchema } from "~/modules/salaries/schema";
import { invoiceDefaultsSchema } from "~/modules/settings/invoice-defaults";
import {
  companyInvoiceDefaults,
  setCompanyInvoiceDefaults,
} from "~/modules/settings/invoice-defaults.server";
import {
  INVOICE_DEFAULTS_FIELDS,
  INVOICE_DEFAULTS_FORM_ID,
} from "~/modules/settings/invoice-defaults-fields";
import { getNotification } from "~/modules/settings/queries.server";
import { AppError } from "~/utils/errors";
import { readFormWithFiles } from "~/utils/files.server";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { checkPageForm, requireCapability, requireUser } from "~/web/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // The company's sections for a role with its settings (decision 028); the account's for all.
  const companyId = can(user, "settings") ? user.companyId : null;
  const [logo, notification, numbering, invoiceDefaults, reminders, payroll] = await Promise.all([
    getLogoDataUrl(context.db, companyId),
    getNotification(context.db),
    companyId ? numberingState(context.db, companyId) : Promise.resolve([]),
    companyId ? companyInvoiceDefaults(context.db, companyId) : null,
    companyId ? getReminderSettings(context.db, companyId) : null,
    companyId ? payrollSettings(context.db, companyId) : null,
  ]);
  return json({
    hasCompany: companyId !== null,
    logo,
    notification,
    deletionScheduledAt: user.deletionScheduledAt,
    numbering,
    invoiceDefaults,
    reminders,
    payroll: payroll && { activityCode: payroll.activityCode },
    defaultReminderText: DEFAULT_REMINDER_TEXT,
  });
}

/** The account's own requests on this page; every other intent changes the company. */
const PERSONAL_INTENTS = new Set(["request-deletion", "cancel-deletion"]);

const done = (title: string, description?: string) =>
  redirectWithToast("/settings", { title, description });
const refuse = (formId: string, formError: string, status = 400) =>
  refuseForm({ formId, fieldErrors: {}, formError }, status);

export async function action({ request, context }: ActionFunctionArgs) {
  // The form's company is checked before its body is read, whatever the intent.
  const user = await checkPageForm(request, await requireUser(request, context));
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    if (!user.companyId) return refuse("logo", "Само фирмен профил може да има лого");
    await requireCapability(request, user, "settings");
    const { upload } = await readFormWithFiles(request, {
      fields: ["logo"],
      maxBytes: LOGO_MAX_BYTES,
      maxFiles: 1,
    });
    if (upload.tooLarge.length > 0) return refuse("logo", LOGO_ERROR, 413);
    const file = upload.files[0];
    if (!file) return refuse("logo", "Моля, изберете файл");
    try {
      await saveLogo(context.db, user.companyId, new Uint8Array(file.bytes));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuseWithAppError("logo", error, {});
    }
    return done("Логото е запазено");
  }

  const values = typedValues(await request.formData());
  // What changes the company needs the role's settings; the account's own requests do not.
  if (!PERSONAL_INTENTS.has(String(values.intent)) && user.companyId) {
    await requireCapability(request, user, "settings");
  }
  switch (values.intent) {
    case "delete-logo":
      if (user.companyId) await deleteLogo(context.db, user.companyId);
      return done("Логото е премахнато");
    case "numbering": {
      const series = values.series === "proforma" ? "proforma" : "tax";
      if (!user.companyId) return refuse(`numbering-${series}`, "Достъп отказан", 403);
      const next = Number((values.nextNumber ?? "").trim());
      try {
        await setNextNumber(context.db, user.companyId, series, next);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return refuseWithAppError(`numbering-${series}`, error, {
          nextNumber: values.nextNumber ?? "",
        });
      }
      return done(
        "Следващият номер е запазен",
        `Следващият документ ще получи № ${String(next).padStart(10, "0")}.`,
      );
    }
    case "invoice-defaults": {
      if (!user.companyId) return refuse(INVOICE_DEFAULTS_FORM_ID, "Достъп отказан", 403);
      const { data, refusal } = parseFormValues(
        INVOICE_DEFAULTS_FORM_ID,
        invoiceDefaultsSchema,
        values,
        INVOICE_DEFAULTS_FIELDS,
      );
      if (refusal) return refusal;
      await setCompanyInvoiceDefaults(context.db, user.companyId, data);
      return done("Настройките на документите са запазени");
    }
    case "reminders": {
      if (!user.companyId) return refuse("reminders", "Достъп отказан", 403);
      const { data, refusal } = parseFormValues("reminders", reminderSchema, values, [
        "days",
        "message",
      ]);
      if (refusal) return refusal;
      await saveReminderSettings(context.db, user.companyId, data);
      return done(
        data.enabled ? "Напомнянията са включени" : "Напомнянията са изключени",
        data.enabled ? `Дни след падежа: ${data.days.join(", ")}.` : undefined,
      );
    }
    case PAYROLL_SETTINGS_FORM_ID: {
      if (!user.companyId) return refuse(PAYROLL_SETTINGS_FORM_ID, "Достъп отказан", 403);
      const { data, refusal } = parseFormValues(
        PAYROLL_SETTINGS_FORM_ID,
        payrollSettingsSchema,
        values,
        ["activityCode"],
      );
      if (refusal) return refusal;
      await setActivityCode(context.db, user.companyId, data.activityCode);
      return done(
        data.activityCode ? "Кодът по КИД-2008 е запазен" : "Кодът по КИД-2008 е изтрит",
        data.activityCode ? `Декларация обр. 1 ще съдържа ${data.activityCode}.` : undefined,
      );
    }
    case "cancel-deletion":
      await cancelDeletion(context.db, user.id);
      return done("Заявката за изтриване е отменена", "Вашият акаунт няма да бъде изтрит.");
    default:
      return refuseUnknownIntent();
  }
}

export default function Settings() {
  const {
    hasCompany,
    logo,
    notification,
    deletionScheduledAt,
    numbering,
    invoiceDefaults,
    reminders,
    payroll,
    defaultReminderText,
  } = useLoaderData<typeof loader>();
  const remindersAnswer = useFormAnswer("reminders");
  const unknown = useFormAnswer("");
  const defaultsAnswer = useFormAnswer(INVOICE_DEFAULTS_FORM_ID);
  const payrollAnswer = useFormAnswer(PAYROLL_SETTINGS_FORM_ID);
  return (
    <div className={styles.page}>
      <h1>Настройки</h1>
      <FormError message={unknown?.formError} />
      <div className={styles.grid}>
        {numbering.length ? <NumberingCard numbering={numbering} /> : null}
        {hasCompany ? <LogoCard logo={logo} /> : null}
        {invoiceDefaults ? (
          <section className={styles.card} aria-labelledby="invoice-defaults-title">
            <h2 id="invoice-defaults-title">Нови документи</h2>
            <InvoiceDefaultsForm
              values={invoiceDefaults}
              answer={defaultsAnswer}
              submitLabel="Запази настройките на документите"
            />
          </section>
        ) : null}
        {reminders ? (
          <section className={styles.card} aria-labelledby="reminders-title">
            <h2 id="reminders-title">Напомняния за плащане</h2>
            <RemindersForm
              values={reminders}
              defaultText={defaultReminderText}
              answer={remindersAnswer}
            />
          </section>
        ) : null}
        {payroll ? (
          <section
            className={styles.card}
            id="payroll-settings"
            aria-labelledby="payroll-settings-title"
          >
            <h2 id="payroll-settings-title">Заплати и декларации към НАП</h2>
            <PayrollSettingsForm values={payroll} answer={payrollAnswer} />
          </section>
        ) : null}
        <section className={styles.card} aria-labelledby="notification-title">
          <h2 id="notification-title">Известие от екипа</h2>
          <p>{notification ?? "Няма активно известие."}</p>
        </section>
        {hasCompany ? <ExportCard /> : null}
        <DeletionCard deletionScheduledAt={deletionScheduledAt} />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Настройки | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
