import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OperatorCard } from "~/components/admin/operator-card";
import {
  EmailLogoCard,
  FeedbackList,
  NotificationCard,
  SupportEmailCard,
} from "~/components/admin/settings-cards";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import {
  adminSettings,
  deleteEmailLogo,
  listFeedback,
  saveEmailLogo,
  saveNotification,
  saveOperatorDetails,
  saveSupportEmail,
} from "~/modules/admin/settings.server";
import {
  EMAIL_LOGO_MAX_BYTES,
  SETTINGS_FORMS,
  SETTINGS_MESSAGES,
} from "~/modules/admin/settings-constants";
import {
  notificationSchema,
  operatorSchema,
  supportEmailSchema,
} from "~/modules/admin/settings-schema";
import { AppError } from "~/utils/errors";
import { readFormWithFiles, type UploadResult } from "~/utils/files.server";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireAdmin } from "~/web/admin/guard.server";

/**
 * /hatterscastle/settings: the banner message, the e-mail logo, the support address, the
 * operator's requisites for its invoices, and the feedback and support requests customers sent
 * (newest first, ?after=<id> for older ones).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const after = new URL(request.url).searchParams.get("after");
  const [settings, feedback] = await Promise.all([
    adminSettings(context),
    listFeedback(context.db, after),
  ]);
  return json({ settings, feedback });
}

const done = (title: string, description?: string) =>
  redirectWithToast("/hatterscastle/settings", { title, description });
const refuse = (formId: string, field: string | null, message: string, status = 400) =>
  refuseForm(
    {
      formId,
      fieldErrors: field ? { [field]: message } : {},
      formError: message,
      focus: field ?? undefined,
    },
    status,
  );

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  let form: FormData;
  let upload: UploadResult;
  try {
    ({ form, upload } = await readFormWithFiles(request, {
      fields: ["logo"],
      maxBytes: EMAIL_LOGO_MAX_BYTES,
      maxFiles: 1,
    }));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse("", null, error.message, error.status);
  }
  const values = typedValues(form);
  switch (values.intent) {
    case "notification": {
      const { data, refusal } = parseFormValues(
        SETTINGS_FORMS.notification,
        notificationSchema,
        { message: values.message ?? "" },
        ["message"],
      );
      if (refusal) return refusal;
      await saveNotification(context, admin, data.message);
      return done(data.message ? "Съобщението е запазено" : "Съобщението е премахнато");
    }
    case "email-logo": {
      const formId = SETTINGS_FORMS.emailLogo;
      if (upload.tooLarge.length)
        return refuse(formId, "logo", SETTINGS_MESSAGES.logoTooLarge, 413);
      const file = upload.files[0];
      if (!file) return refuse(formId, "logo", SETTINGS_MESSAGES.logoMissing);
      try {
        await saveEmailLogo(context, admin, file);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return refuseWithAppError(formId, error, {});
      }
      return done("Логото е запазено", "То се показва най-горе във всеки имейл.");
    }
    case "remove-email-logo":
      await deleteEmailLogo(context, admin);
      return done("Логото е премахнато");
    case "support-email": {
      const { data, refusal } = parseFormValues(
        SETTINGS_FORMS.supportEmail,
        supportEmailSchema,
        { supportEmail: values.supportEmail ?? "" },
        ["supportEmail"],
      );
      if (refusal) return refusal;
      await saveSupportEmail(context, admin, data.supportEmail);
      return done(
        "Адресът за поддръжка е запазен",
        data.supportEmail ?? "Заявките ще се изпращат на адреса от настройките на сървъра.",
      );
    }
    case "operator": {
      const fields = [
        "name",
        "eik",
        "isVatRegistered",
        "vatNumber",
        "address",
        "city",
        "postalCode",
        "mol",
        "bankIban",
        "bankName",
        "bankBic",
      ];
      const { data, refusal } = parseFormValues(
        SETTINGS_FORMS.operator,
        operatorSchema,
        Object.fromEntries(fields.map((name) => [name, values[name] ?? ""])),
        fields,
      );
      if (refusal) return refusal;
      await saveOperatorDetails(context, admin, data);
      return done(
        "Данните на оператора са запазени",
        "Новите фактури за абонамента ще ги съдържат; издадените остават както са.",
      );
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function AdminSettings() {
  const { settings, feedback } = useLoaderData<typeof loader>();
  const unknown = useFormAnswer("");
  return (
    <div className={page.page}>
      <h1>Настройки</h1>
      <FormError message={unknown?.formError} />
      <p>
        <Link to="/hatterscastle/seats">Места по планове</Link> (колко членове може да има фирма
        според плана си).
      </p>
      <div className={page.grid}>
        <NotificationCard message={settings.notification} />
        <EmailLogoCard logoUrl={settings.emailLogo} />
        <SupportEmailCard
          supportEmail={settings.supportEmail}
          serverSupportEmail={settings.serverSupportEmail}
        />
        <OperatorCard operator={settings.operator} saved={settings.operatorSet} />
      </div>
      <FeedbackList rows={feedback.rows} nextCursor={feedback.nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Настройки | Сметка" }];
