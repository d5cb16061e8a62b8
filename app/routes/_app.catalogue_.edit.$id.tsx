import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CatalogueForm } from "~/components/catalogue/catalogue-form";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { can } from "~/modules/auth/capabilities";
import { CATALOGUE_FIELDS, CATALOGUE_FORM_ID } from "~/modules/catalogue/constants";
import {
  catalogueFormOptions,
  catalogueFormValues,
  getCatalogueItem,
  revenueAccountFor,
  setCatalogueArchived,
  updateCatalogueItem,
} from "~/modules/catalogue/queries.server";
import { catalogueItemSchemaFor } from "~/modules/catalogue/schema";
import { allVatRates } from "~/modules/reference/vat.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "catalogue.edit");
  const item = await getCatalogueItem(context.db, user.companyId, params.id);
  if (!item) throw notFound();
  return json({
    id: item.id,
    name: item.name,
    archivedAt: item.archivedAt,
    values: catalogueFormValues(item),
    options: await catalogueFormOptions(context.db, user.companyId, can(user, "ledger.edit")),
  });
}

/** Save, archive (no longer offered in the editor) or restore an item of the company. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "catalogue.edit");
  const item = await getCatalogueItem(context.db, user.companyId, params.id);
  if (!item) throw notFound();
  const values = typedValues(await request.formData());
  const here = `/catalogue/edit/${item.id}`;
  try {
    switch (values.intent) {
      case "save": {
        const schema = catalogueItemSchemaFor(await allVatRates(context.db));
        const parsed = parseFormValues(CATALOGUE_FORM_ID, schema, values, CATALOGUE_FIELDS);
        if (parsed.refusal) return parsed.refusal;
        const input = revenueAccountFor(parsed.data, can(user, "ledger.edit"));
        await updateCatalogueItem(context.db, user.companyId, item.id, input);
        return redirectWithToast("/catalogue", "Промените са запазени");
      }
      case "archive":
        await setCatalogueArchived(context.db, user.companyId, item.id, true);
        return redirectWithToast(here, "Артикулът е архивиран и не се предлага в документите");
      case "restore":
        await setCatalogueArchived(context.db, user.companyId, item.id, false);
        return redirectWithToast(here, "Артикулът е възстановен");
      default:
        return refuseUnknownIntent("archive");
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      if (values.intent !== "save") return refuseWithAppError("archive", error, values);
      return refuseWithAppError(CATALOGUE_FORM_ID, error, values, "Проверете отбелязаните полета");
    }
    throw error;
  }
}

export default function EditCatalogueItem() {
  const { id, name, archivedAt, values, options } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(CATALOGUE_FORM_ID);
  const archive = useFormAnswer("archive");
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <p>
        <Link to="/catalogue">« Каталог</Link>
      </p>
      <h1>{name}</h1>
      {archivedAt ? (
        <p role="note">
          Артикулът е архивиран на {formatDate(archivedAt)} и не се предлага в документите.
        </p>
      ) : null}
      <CatalogueForm
        key={id}
        values={values}
        answer={answer}
        options={options}
        submitLabel="Запази"
      />
      <section className={page.card} style={{ marginTop: "2rem" }} aria-labelledby="item-archive">
        <h2 id="item-archive" className={page.cardTitle}>
          Архивиране
        </h2>
        <p>
          Архивираният артикул не се предлага в редактора. Документите пазят копие на реда и не се
          променят.
        </p>
        <Form method="post">
          <CompanyField />
          <FormError message={archive?.formError} />
          <Button
            type="submit"
            name="intent"
            value={archivedAt ? "restore" : "archive"}
            tone="secondary"
            disabled={busy}
          >
            {archivedAt ? "Възстанови" : "Архивирай"}
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Артикул от каталога | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
