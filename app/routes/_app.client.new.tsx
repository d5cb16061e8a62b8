import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { CLIENT_FORM_ID, ClientForm } from "~/components/clients/client-form";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { CLIENT_FIELDS } from "~/modules/clients/constants";
import { createClient, findDuplicateClient } from "~/modules/clients/queries.server";
import { CLIENT_MESSAGES, clientSchema } from "~/modules/clients/schema";
import type { ViesStatus } from "~/modules/reference/vies";
import { AppError } from "~/utils/errors";
import type { FormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { clientViesAnswer } from "~/web/clients/vies.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCompanyUser(request, context, "clients.edit");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "clients.edit");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "vies") return clientViesAnswer(context, user.companyId, form);
  if (intent !== "save" && intent !== "save-anyway") return refuseUnknownIntent();
  const values = typedValues(form);
  const result = parseFormValues(CLIENT_FORM_ID, clientSchema, values, CLIENT_FIELDS, {
    keepEmpty: true,
  });
  if (result.refusal) return result.refusal;
  // The same client twice (issue #41 item 10): the same ЕИК is refused (one client per ЕИК); the
  // same VAT number is a warning with the way to open the existing one or add this anyway.
  const duplicate = await findDuplicateClient(context.db, user.companyId, result.data);
  if (duplicate && (duplicate.match === "eik" || intent !== "save-anyway")) {
    const byEik = duplicate.match === "eik";
    const message = byEik
      ? CLIENT_MESSAGES.eikTakenBy(duplicate.name, duplicate.archived)
      : CLIENT_MESSAGES.vatTakenBy(duplicate.name, duplicate.archived);
    return refuseForm(
      {
        formId: CLIENT_FORM_ID,
        fieldErrors: byEik ? { eik: CLIENT_MESSAGES.eikTaken } : { vatNumber: message },
        formError: message,
        repopulateFields: values,
        link: {
          to: `/client/edit/${duplicate.id}`,
          text: CLIENT_MESSAGES.openDuplicate(duplicate.name),
        },
      },
      byEik ? 400 : 409,
    );
  }
  try {
    await createClient(context.db, user.companyId, result.data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(CLIENT_FORM_ID, error, values);
  }
  return redirectWithToast("/clients", {
    title: "Клиентът е добавен",
    description: result.data.name,
  });
}

export default function NewClient() {
  const data = useActionData<typeof action>() as
    | (Partial<FormAnswer> & { vies?: ViesStatus })
    | undefined;
  return (
    <div className={page.page}>
      <p>
        <Link to="/clients">« Клиенти</Link>
      </p>
      <h1>Нов клиент</h1>
      <ClientForm
        submitLabel="Добави клиента"
        vies={data?.vies}
        duplicate={
          data?.link
            ? { link: data.link, addAnyway: data.fieldErrors?.vatNumber !== undefined }
            : undefined
        }
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нов клиент | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
