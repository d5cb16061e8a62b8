import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { NewLoginFields } from "~/components/admin/customer-forms";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { byAdmin } from "~/modules/admin/audit.server";
import { ADMIN_MESSAGES, NEW_USER_FIELDS } from "~/modules/admin/constants";
import { findCompany } from "~/modules/admin/customers.server";
import { newUserSchema } from "~/modules/admin/schema";
import { addCustomerUser, sendPasswordLink } from "~/modules/admin/users.server";
import { AppError } from "~/utils/errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseAdminForm, readAdminValues, withoutSecrets } from "~/web/admin/forms.server";
import { requireAdmin } from "~/web/admin/guard.server";

const FORM = "new-user";

async function customerOf(context: LoaderFunctionArgs["context"], id: string | null) {
  if (!id) return null;
  const company = await findCompany(context.db, id);
  if (!company) throw json({ message: ADMIN_MESSAGES.noCustomer }, { status: 404 });
  return company;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const company = await customerOf(context, new URL(request.url).searchParams.get("customer"));
  return json({
    company: company && { id: company.id, name: company.name, eik: company.eik },
  });
}

/** Adds a login to an existing customer: a password typed, or a link to set one by e-mail. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const values = await readAdminValues(request);
  const company = await customerOf(
    context,
    new URL(request.url).searchParams.get("customer") || values.customer || null,
  );
  if (!company) throw json({ message: ADMIN_MESSAGES.noCustomer }, { status: 404 });
  const { data, refusal } = await parseAdminForm(FORM, newUserSchema, values, NEW_USER_FIELDS);
  if (refusal) return refusal;
  let userId: string;
  try {
    userId = await addCustomerUser(context.db, company.id, data, byAdmin(admin, context));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(FORM, error, withoutSecrets(values), ADMIN_MESSAGES.failed);
  }
  const mailed = data.sendLink
    ? await sendPasswordLink(context, { id: userId, email: data.email, firstName: data.firstName })
    : null;
  return redirectWithToast(`/hatterscastle/users/${userId}`, {
    type: mailed === false ? "error" : "success",
    title: "Потребителят е добавен",
    description:
      mailed === null
        ? `${data.email} може да влиза с въведената парола.`
        : mailed
          ? `Изпратихме връзка за задаване на парола на ${data.email}.`
          : "Имейлът с връзката не можа да бъде изпратен. Изпратете я отново от «Забравена парола».",
  });
}

export default function AdminNewUser() {
  const { company } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state === "submitting";
  if (!company) {
    return (
      <div className={page.page}>
        <h1>Нов потребител</h1>
        <p>
          Потребител се добавя към съществуващ клиент: отворете потребител на фирмата от списъка и
          изберете «Добави потребител към фирмата». За нова фирма използвайте «Нов клиент».
        </p>
        <p>
          <Link to="/hatterscastle/users">Към потребителите</Link>
          {" · "}
          <Link to="/hatterscastle/customers/new">Нов клиент</Link>
        </p>
      </div>
    );
  }
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <div className={page.page}>
      <p>
        <Link to="/hatterscastle/users">« Потребители</Link>
      </p>
      <h1>Нов потребител на {company.name}</h1>
      <p>ЕИК/Булстат: {company.eik}</p>
      <section className={page.card} aria-labelledby="new-user-title">
        <h2 id="new-user-title" className={page.cardTitle}>
          Данни за вход
        </h2>
        <Form method="post" ref={form} noValidate>
          <input type="hidden" name="customer" value={company.id} />
          <FormError message={answer?.formError} />
          <FormField
            name="email"
            label="Имейл"
            type="email"
            required
            autoComplete="off"
            defaultValue={typedOr(answer, "email")}
            error={error("email")}
            controlProps={{ maxLength: 254 }}
          />
          <NewLoginFields answer={answer} verifiedId="new-user-verified" />
          <Button type="submit" disabled={busy}>
            Добави потребителя
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нов потребител | Админ | Сметка" }];
