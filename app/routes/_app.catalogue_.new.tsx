import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CatalogueForm } from "~/components/catalogue/catalogue-form";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { can } from "~/modules/auth/capabilities";
import { CATALOGUE_FIELDS, CATALOGUE_FORM_ID } from "~/modules/catalogue/constants";
import {
  catalogueFormOptions,
  createCatalogueItem,
  revenueAccountFor,
} from "~/modules/catalogue/queries.server";
import { catalogueItemSchemaFor } from "~/modules/catalogue/schema";
import { allVatRates } from "~/modules/reference/vat.server";
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "catalogue.edit");
  const options = await catalogueFormOptions(context.db, user.companyId, can(user, "ledger.edit"));
  const standard = options.vatRegistered ? String(options.rates[0] ?? "none") : "none";
  return json({ options, values: { unit: "бр.", vatRate: standard } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "catalogue.edit");
  const values = typedValues(await request.formData());
  if (values.intent !== "save") return refuseUnknownIntent(CATALOGUE_FORM_ID);
  const schema = catalogueItemSchemaFor(await allVatRates(context.db));
  const { data, refusal } = parseFormValues(CATALOGUE_FORM_ID, schema, values, CATALOGUE_FIELDS);
  if (refusal) return refusal;
  try {
    const input = revenueAccountFor(data, can(user, "ledger.edit"));
    await createCatalogueItem(context.db, user.companyId, input);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(CATALOGUE_FORM_ID, error, values, "Проверете отбелязаните полета");
    }
    throw error;
  }
  return redirectWithToast("/catalogue", {
    title: "Артикулът е добавен в каталога",
    description: data.name,
  });
}

export default function NewCatalogueItem() {
  const { options, values } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(CATALOGUE_FORM_ID);
  return (
    <div className={page.page}>
      <p>
        <Link to="/catalogue">« Каталог</Link>
      </p>
      <h1>Нов артикул</h1>
      <CatalogueForm
        values={values}
        answer={answer}
        options={options}
        submitLabel="Добави в каталога"
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нов артикул | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
