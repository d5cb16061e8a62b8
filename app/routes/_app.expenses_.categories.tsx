import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import {
  archiveCategory,
  createCategory,
  listCategories,
  renameCategory,
} from "~/modules/expenses/categories.server";
import { categorySchema } from "~/modules/expenses/schema";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseUnknownIntent, refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.view");
  const categories = await listCategories(context.db, user.companyId, { archived: true });
  return json({ categories });
}

/** Add, rename, hide (archive) or show again a category of the company. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.edit");
  const values = Object.fromEntries(
    [...(await request.formData())].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
  const formId = values.intent === "rename" ? `rename-${values.id ?? ""}` : "add";
  const here = "/expenses/categories";
  try {
    switch (values.intent) {
      case "add":
      case "rename": {
        const parsed = categorySchema.safeParse(values);
        if (!parsed.success) {
          const fieldErrors = fieldErrorsOf(parsed.error);
          return refuseForm({
            formId,
            fieldErrors,
            formError: fieldErrors.name,
            repopulateFields: values,
            focus: "name",
          });
        }
        if (values.intent === "add") {
          await createCategory(context.db, user.companyId, parsed.data.name);
          return redirectWithToast(here, `Категорията „${parsed.data.name}“ е добавена`);
        }
        await renameCategory(context.db, user.companyId, values.id ?? "", parsed.data.name);
        return redirectWithToast(here, "Категорията е преименувана");
      }
      case "archive":
      case "restore":
        await archiveCategory(
          context.db,
          user.companyId,
          values.id ?? "",
          values.intent === "archive",
        );
        return redirectWithToast(
          here,
          values.intent === "archive"
            ? "Категорията е скрита от новите разходи"
            : "Категорията е отново в списъка",
        );
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(formId, error, values);
    }
    throw error;
  }
}

export default function Categories() {
  const { categories } = useLoaderData<typeof loader>();
  const add = useFormAnswer("add");
  const focusRef = useFocusFirstInvalid(add);
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <p>
        <Link to="/expenses">« Разходи</Link>
      </p>
      <h1>Категории разходи</h1>
      <p>
        Имената са ваши: преименувайте ги свободно. Скритата категория не се предлага за нови
        разходи, но остава на записаните.
      </p>
      <Form ref={focusRef} method="post" className={listStyles.toolbar} aria-label="Нова категория">
        <CompanyField />
        <FormField
          name="name"
          label="Нова категория"
          required
          defaultValue={typedOr(add, "name")}
          error={add?.fieldErrors.name}
          controlProps={{ maxLength: 80 }}
        />
        <div>
          <Button type="submit" name="intent" value="add" disabled={busy}>
            Добави
          </Button>
        </div>
      </Form>
      <ScrollTable label="Категории">
        <table className={listStyles.table}>
          <caption className="visually-hidden">Категории разходи</caption>
          <thead>
            <tr>
              <th scope="col" className={listStyles.cell}>
                Име
              </th>
              <th scope="col" className={listStyles.cell}>
                Състояние
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <CategoryRow key={category.id} category={category} busy={busy} />
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

function CategoryRow({
  category,
  busy,
}: {
  category: { id: string; name: string; archivedAt: string | null };
  busy: boolean;
}) {
  const answer = useFormAnswer(`rename-${category.id}`);
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <tr>
      <td className={listStyles.cell}>
        <Form ref={focusRef} method="post" className={listStyles.toolbar} style={{ margin: 0 }}>
          <CompanyField />
          <input type="hidden" name="id" value={category.id} />
          <FormError message={answer?.formError} />
          <FormField
            name="name"
            label={`Име на категорията ${category.name}`}
            defaultValue={typedOr(answer, "name", category.name)}
            error={answer?.fieldErrors.name}
            controlProps={{ maxLength: 80 }}
          />
          <div>
            <Button type="submit" name="intent" value="rename" tone="secondary" disabled={busy}>
              Преименувай<span className="visually-hidden"> {category.name}</span>
            </Button>
          </div>
        </Form>
      </td>
      <td className={listStyles.cell}>
        <Form method="post">
          <CompanyField />
          <input type="hidden" name="id" value={category.id} />
          {category.archivedAt ? "Скрита · " : "Активна · "}
          <Button
            type="submit"
            name="intent"
            value={category.archivedAt ? "restore" : "archive"}
            tone="quiet"
            disabled={busy}
          >
            {category.archivedAt ? "Покажи" : "Скрий"}
            <span className="visually-hidden"> {category.name}</span>
          </Button>
        </Form>
      </td>
    </tr>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Категории разходи | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
