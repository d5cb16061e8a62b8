import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CLIENT_FORM_ID, ClientForm } from "~/components/clients/client-form";
import { PortalLinks, type PortalLinkView } from "~/components/clients/portal-links";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { CLIENT_FIELDS } from "~/modules/clients/constants";
import {
  clientFormValues,
  deleteClient,
  getClient,
  setArchived,
  updateClient,
} from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import type { ViesStatus } from "~/modules/reference/vies";
import { cp1251Warning } from "~/utils/cp1251.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { portalLinkAnswer, portalSection } from "~/web/clients/portal.server";
import { clientViesAnswer } from "~/web/clients/vies.server";

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "clients.edit");
  const client = await getClient(context.db, user.companyId, params.id);
  if (!client) throw notFound();
  return json({
    id: client.id,
    name: client.name,
    archivedAt: client.archivedAt,
    values: clientFormValues(client),
    // Computed here so the browser loads the Windows-1251 table only when the name is typed.
    nameHint: cp1251Warning(client.name),
    portal: await portalSection(context, user, client.id),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "clients.edit");
  const client = await getClient(context.db, user.companyId, params.id);
  if (!client) throw notFound();
  const form = await request.formData();
  switch (form.get("intent")) {
    case "vies":
      return clientViesAnswer(context, user.companyId, form);
    case "portal-create":
    case "portal-revoke":
      return portalLinkAnswer(context, user, client, form);
    case "save": {
      const values = typedValues(form);
      const result = parseFormValues(CLIENT_FORM_ID, clientSchema, values, CLIENT_FIELDS, {
        keepEmpty: true,
      });
      if (result.refusal) return result.refusal;
      try {
        await updateClient(context.db, user.companyId, client.id, result.data);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return refuseWithAppError(CLIENT_FORM_ID, error, values);
      }
      return redirectWithToast("/clients", "Промените са запазени");
    }
    case "archive":
      await setArchived(context.db, user.companyId, client.id, true);
      return redirectWithToast(`/client/edit/${client.id}`, "Клиентът е архивиран");
    case "restore":
      await setArchived(context.db, user.companyId, client.id, false);
      return redirectWithToast(`/client/edit/${client.id}`, "Клиентът е възстановен");
    case "delete":
      if (form.get("confirm") !== "on") {
        return refuseForm({
          formId: "client-actions",
          fieldErrors: {},
          formError: "Потвърдете, че искате клиентът да бъде изтрит",
        });
      }
      try {
        await deleteClient(context.db, user.companyId, client.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return refuseWithAppError("client-actions", error, {});
      }
      return redirectWithToast("/clients", "Клиентът е изтрит");
    default:
      return refuseUnknownIntent();
  }
}

export default function EditClient() {
  const { id, name, archivedAt, values, nameHint, portal } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as { formId?: string; vies?: ViesStatus } | undefined;
  const actions = useFormAnswer("client-actions");
  return (
    <div className={page.page}>
      <p>
        <Link to="/clients">« Клиенти</Link>
      </p>
      <h1>{name}</h1>
      <p>
        <Link to={`/invoices?clientId=${id}`}>Документи на клиента</Link>
        {" · "}
        <Link to={`/clients/${id}/statement`}>Извлечение по сметка</Link>
        {archivedAt ? null : (
          <>
            {" · "}
            <Link to={`/invoice/new?clientId=${id}`}>Нова фактура за клиента</Link>
          </>
        )}
      </p>
      {archivedAt ? (
        <p role="note">
          Клиентът е архивиран на {formatDate(archivedAt)} и не се предлага в нови документи.
        </p>
      ) : null}
      <ClientForm
        key={id}
        defaultValues={values}
        nameHint={nameHint}
        submitLabel="Запази"
        vies={data?.formId === CLIENT_FORM_ID ? data.vies : null}
      />
      <PortalLinks allowed={portal.allowed} links={portal.links as PortalLinkView[]} />
      <section className={page.card} style={{ marginTop: "2rem" }} aria-labelledby="client-actions">
        <h2 id="client-actions">Архивиране и изтриване</h2>
        <FormError message={actions?.formError} />
        <p>
          Архивираният клиент остава в старите документи, но не се предлага в новите. Клиент с
          документи не може да бъде изтрит.
        </p>
        <Form method="post" style={{ display: "inline-block", marginRight: "1rem" }}>
          <CompanyField />
          <input type="hidden" name="intent" value={archivedAt ? "restore" : "archive"} />
          <Button type="submit" tone="secondary">
            {archivedAt ? "Възстанови" : "Архивирай"}
          </Button>
        </Form>
        <Form method="post" style={{ display: "inline-block" }}>
          <CompanyField />
          <input type="hidden" name="intent" value="delete" />
          <div className={fieldStyles.checkboxRow}>
            <input id="confirm-delete" type="checkbox" name="confirm" />
            <label htmlFor="confirm-delete">Потвърждавам изтриването</label>
          </div>
          <Button type="submit" tone="quiet">
            Изтрий клиента
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Клиент | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
