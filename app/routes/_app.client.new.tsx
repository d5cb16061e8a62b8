import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { ClientForm, clientValidator } from "~/components/clients/client-form";
import * as page from "~/components/layout/page.css";
import { requireCompanyUser } from "~/modules/auth/guards.server";
import { createClient } from "~/modules/clients/queries.server";
import { clientViesAnswer } from "~/modules/clients/vies.server";
import type { ViesStatus } from "~/modules/reference/vies";
import { refuseUnknownIntent, refuseValidation, refuseWithAppError } from "~/utils/forms.server";
import { AppError } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCompanyUser(request, context, "clients.edit");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "clients.edit");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "vies") return clientViesAnswer(context, user.companyId, form);
  if (intent !== "save") return refuseUnknownIntent();
  const result = await clientValidator.validate(form);
  if (result.error) return refuseValidation(result);
  try {
    await createClient(context.db, user.companyId, result.data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError("client", error, result.submittedData);
  }
  return redirectWithToast("/clients", {
    title: "Клиентът е добавен",
    description: result.data.name,
  });
}

export default function NewClient() {
  const data = useActionData<typeof action>() as
    | { formError?: string; vies?: ViesStatus }
    | undefined;
  return (
    <div className={page.page}>
      <p>
        <Link to="/clients">« Клиенти</Link>
      </p>
      <h1>Нов клиент</h1>
      <ClientForm formError={data?.formError} submitLabel="Добави клиента" vies={data?.vies} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нов клиент | Сметка" }];
