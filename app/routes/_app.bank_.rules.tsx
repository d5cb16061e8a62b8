import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AmountField } from "~/components/forms/amount-field";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as formGrid from "~/components/forms/form-grid.css";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { ruleSchema } from "~/modules/bank/forms.server";
import { createRule, deleteRule, listRules } from "~/modules/bank/rules.server";
import { listCategories } from "~/modules/expenses/categories.server";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import {
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { formatCents } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireBankPage } from "~/web/bank/access.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireBankPage(request, context, "view");
  const [rules, categories] = await Promise.all([
    listRules(context.db, user.companyId),
    listCategories(context.db, user.companyId),
  ]);
  return json({ rules, categories: categories.map((c) => [c.id, c.name] as [string, string]) });
}

/** Add a rule for debits, or delete one (kept for the history of what it made). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireBankPage(request, context, "edit");
  const actor = { user, context };
  const values = typedValues(await request.formData());
  try {
    switch (values.intent) {
      case "add": {
        const parsed = ruleSchema.safeParse(values);
        if (!parsed.success) {
          return refuseForm({
            formId: "rule",
            fieldErrors: fieldErrorsOf(parsed.error),
            repopulateFields: values,
          });
        }
        const { amountMin, amountMax, ...rest } = parsed.data;
        await createRule(actor, { ...rest, amountMinCents: amountMin, amountMaxCents: amountMax });
        return redirectWithToast("/bank/rules", "Правилото е добавено");
      }
      case "delete":
        await deleteRule(actor, values.id ?? "");
        return redirectWithToast("/bank/rules", "Правилото е изтрито");
      default:
        return refuseUnknownIntent("rule");
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError("rule", error, values);
    }
    throw error;
  }
}

export default function BankRules() {
  const { rules, categories } = useLoaderData<typeof loader>();
  const answer = useFormAnswer("rule");
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <p>
        <Link to="/bank">« Банка</Link>
      </p>
      <h1>Правила за плащания</h1>
      <p>
        Плащане от сметката, чието основание съдържа текста и/или сумата е в границите, се предлага
        като нов разход на този доставчик и категория. Плащанията към НАП се разпознават сами.
      </p>
      {rules.length ? (
        <ScrollTable label="Правила">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Правила за плащания</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Условие
                </th>
                <th scope="col" className={listStyles.cell}>
                  Разход
                </th>
                <th scope="col" className={listStyles.cell}>
                  Добавено от
                </th>
                <th scope="col" className={listStyles.cell}>
                  <span className="visually-hidden">Действия</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id}>
                  <td className={listStyles.cell}>
                    {rule.reasonContains ? `съдържа «${rule.reasonContains}»` : ""}
                    {rule.amountMinCents !== null ? ` от ${formatCents(rule.amountMinCents)}` : ""}
                    {rule.amountMaxCents !== null ? ` до ${formatCents(rule.amountMaxCents)}` : ""}
                  </td>
                  <td className={listStyles.cell}>
                    {rule.supplierName} — {rule.description} ({rule.categoryName})
                  </td>
                  <td className={listStyles.cell}>{rule.createdByName}</td>
                  <td className={listStyles.cell}>
                    <Form method="post">
                      <CompanyField />
                      <input type="hidden" name="id" value={rule.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="delete"
                        tone="secondary"
                        disabled={busy}
                        aria-label={`Изтрий правилото за ${rule.supplierName}`}
                      >
                        Изтрий
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : (
        <p>Още няма правила.</p>
      )}
      <Form ref={focusRef} method="post" aria-label="Ново правило">
        <CompanyField />
        <h2>Ново правило</h2>
        <FormError message={answer?.formError} />
        <div className={formGrid.grid}>
          <FormField
            name="reasonContains"
            label="Основанието съдържа"
            defaultValue={typedOr(answer, "reasonContains")}
            error={answer?.fieldErrors.reasonContains}
            controlProps={{ maxLength: 100 }}
          />
          <AmountField
            name="amountMin"
            label="Сума от"
            defaultValue={typedOr(answer, "amountMin")}
            error={answer?.fieldErrors.amountMin}
            controlProps={{ maxLength: 20 }}
          />
          <AmountField
            name="amountMax"
            label="Сума до"
            defaultValue={typedOr(answer, "amountMax")}
            error={answer?.fieldErrors.amountMax}
            controlProps={{ maxLength: 20 }}
          />
          <FormField
            name="supplierName"
            label="Доставчик"
            required
            defaultValue={typedOr(answer, "supplierName")}
            error={answer?.fieldErrors.supplierName}
            controlProps={{ maxLength: 200 }}
          />
          <FormField
            name="supplierEik"
            label="ЕИК на доставчика"
            defaultValue={typedOr(answer, "supplierEik")}
            error={answer?.fieldErrors.supplierEik}
            controlProps={{ maxLength: 13 }}
          />
          <FormField
            name="categoryId"
            label="Категория"
            required
            options={categories}
            defaultValue={typedOr(answer, "categoryId")}
            error={answer?.fieldErrors.categoryId}
          />
          <FormField
            name="vatRate"
            label="ДДС в сумата"
            options={[
              ["none", "Без ДДС"],
              ["20", "20 %"],
              ["9", "9 %"],
              ["0", "0 %"],
            ]}
            defaultValue={typedOr(answer, "vatRate")}
            error={answer?.fieldErrors.vatRate}
          />
          <FormField
            name="description"
            label="Описание на разхода"
            required
            defaultValue={typedOr(answer, "description")}
            error={answer?.fieldErrors.description}
            controlProps={{ maxLength: 500 }}
          />
        </div>
        <Button type="submit" name="intent" value="add" disabled={busy}>
          Добави правило
        </Button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Правила за плащания — Сметка" }];

export const ErrorBoundary = GateBoundary;

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
