import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { CompanyFields, NewLoginFields } from "~/components/admin/customer-forms";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { byAdmin } from "~/modules/admin/audit.server";
import { ADMIN_MESSAGES, NEW_CUSTOMER_FIELDS } from "~/modules/admin/constants";
import { createCustomer } from "~/modules/admin/customers.server";
import { newCustomerSchema } from "~/modules/admin/schema";
import { sendPasswordLink } from "~/modules/admin/users.server";
import { AppError } from "~/utils/errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseAdminForm, readAdminValues, withoutSecrets } from "~/web/admin/forms.server";
import { requireAdmin } from "~/web/admin/guard.server";

const FORM = "new-customer";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({});
}

/** A customer (company) and its first login, through registration's own function. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const values = await readAdminValues(request);
  const { data, refusal } = await parseAdminForm(
    FORM,
    newCustomerSchema,
    values,
    NEW_CUSTOMER_FIELDS,
  );
  if (refusal) return refusal;
  let account: Awaited<ReturnType<typeof createCustomer>>;
  try {
    account = await createCustomer(context.db, data, byAdmin(admin, context));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(FORM, error, withoutSecrets(values), ADMIN_MESSAGES.failed);
  }
  const mailed = data.sendLink
    ? await sendPasswordLink(context, {
        id: account.userId,
        email: account.email,
        firstName: account.firstName,
      })
    : null;
  return redirectWithToast(`/hatterscastle/users/${account.userId}`, {
    type: mailed === false ? "error" : "success",
    title: "Клиентът е създаден",
    description:
      mailed === null
        ? `${account.email} може да влиза с въведената парола.`
        : mailed
          ? `Изпратихме връзка за задаване на парола на ${account.email}.`
          : "Имейлът с връзката не можа да бъде изпратен. Изпратете я отново от «Забравена парола».",
  });
}

export default function AdminNewCustomer() {
  const answer = useFormAnswer(FORM);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state === "submitting";
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <div className={page.page}>
      <p>
        <Link to="/hatterscastle/users">« Потребители</Link>
      </p>
      <h1>Нов клиент</h1>
      <p>
        Фирмата и първият ѝ потребител, със същите проверки като при регистрация. Банковите данни
        клиентът може да добави по-късно от профила си.
      </p>
      <Form method="post" ref={form} noValidate className={page.card}>
        <FormError message={answer?.formError} />
        <fieldset className={fieldStyles.fieldset}>
          <legend className={fieldStyles.legend}>Фирма</legend>
          <CompanyFields answer={answer} />
        </fieldset>
        <fieldset className={fieldStyles.fieldset}>
          <legend className={fieldStyles.legend}>Първи потребител</legend>
          <FormField
            name="username"
            label="Имейл"
            type="email"
            required
            defaultValue={typedOr(answer, "username")}
            error={error("username")}
            controlProps={{ maxLength: 254 }}
          />
          <NewLoginFields answer={answer} verifiedId="customer-verified" />
        </fieldset>
        <Button type="submit" disabled={busy}>
          Създай клиента
        </Button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нов клиент | Админ | Сметка" }];
