import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { ClientForm, clientValidator } from "~/components/clients/client-form";
import * as page from "~/components/layout/page.css";
import { requireCompanyUser } from "~/modules/auth/guards.server";
import { createClient } from "~/modules/clients/queries.server";
import { AppError, invalidForm, refusedForm } from "~/utils/http.server";
import { toastHeader } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCompanyUser(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context);
  const result = await clientValidator.validate(await request.formData());
  if (result.error) return invalidForm(result);
  try {
    await createClient(context.db, user.companyId, result.data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refusedForm(error, "client", result.submittedData);
  }
  return redirect("/clients", {
    headers: {
      "Set-Cookie": await toastHeader({
        type: "success",
        title: "Клиентът е добавен",
        description: result.data.name,
      }),
    },
  });
}

export default function NewClient() {
  const data = useActionData<typeof action>() as { formError?: string } | undefined;
  return (
    <div className={page.page}>
      <p>
        <Link to="/clients">« Клиенти</Link>
      </p>
      <h1>Нов клиент</h1>
      <ClientForm formError={data?.formError} submitLabel="Добави клиента" />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нов клиент | Сметка" }];
