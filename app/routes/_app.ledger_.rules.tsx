import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { LedgerNav } from "~/components/ledger/ledger-parts";
import { RulesTable } from "~/components/ledger/rules-table";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { can } from "~/modules/auth/capabilities";
import { listAccounts, setRule } from "~/modules/ledger/accounts.server";
import { ruleBook } from "~/modules/ledger/rules.server";
import { ruleSchema } from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseForm, refuseUnknownIntent, refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * The mapping rules (issue #45 item 2): which account each posting takes — the defaults and the
 * company's dated rules — and a new rule from a date (owner and accountant). Entries already
 * posted keep their accounts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.view");
  const today = todayInSofia();
  const [rules, accounts] = await Promise.all([
    ruleBook(context.db, user.companyId, today),
    listAccounts(context.db, user.companyId),
  ]);
  return json({
    today,
    rules,
    accounts: accounts.map((a) => ({ code: a.code, name: a.name })),
    mayEdit: can(user, "ledger.edit"),
  });
}

/** Adds a rule from a date (a new row: nothing posted changes). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "ledger", "ledger.edit");
  const values = Object.fromEntries(
    [...(await request.formData())].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
  const formId = "rule";
  if (values.intent !== "add") return refuseUnknownIntent();
  const parsed = ruleSchema.safeParse(values);
  if (!parsed.success) {
    return refuseForm({
      formId,
      fieldErrors: fieldErrorsOf(parsed.error),
      repopulateFields: values,
    });
  }
  try {
    await setRule(context.db, user.companyId, parsed.data, user.id);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(formId, error, values);
    }
    throw error;
  }
  return redirectWithToast(
    "/ledger/rules",
    `Правилото е записано: сметка ${parsed.data.accountCode} от ${parsed.data.validFrom}`,
  );
}

export default function Rules() {
  const { today, rules, accounts, mayEdit } = useLoaderData<typeof loader>();
  const answer = useFormAnswer("rule");
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const names = Object.fromEntries(accounts.map((a) => [a.code, a.name]));
  return (
    <div className={page.page}>
      <h1>Счетоводство</h1>
      <LedgerNav current="/ledger/rules" mayEdit={mayEdit} />
      <h2>Правила за осчетоводяване</h2>
      <p>
        Всеки документ, плащане и разход се осчетоводява по сметките на правилата, валидни към
        датата му. Ново правило важи от датата си нататък; вече осчетоводените статии запазват
        сметките си.
      </p>
      {mayEdit && (
        <Form ref={focusRef} method="post" className={page.card} aria-label="Ново правило">
          <CompanyField />
          <FormError message={answer?.formError} />
          <div className={listStyles.toolbar}>
            <FormField
              name="key"
              label="Правило"
              required
              defaultValue={typedOr(answer, "key")}
              error={answer?.fieldErrors.key}
              options={[["", "Изберете правило"], ...rules.map((r) => [r.key, r.label] as const)]}
            />
            <FormField
              name="accountCode"
              label="Сметка"
              required
              defaultValue={typedOr(answer, "accountCode")}
              error={answer?.fieldErrors.accountCode}
              options={[
                ["", "Изберете сметка"],
                ...accounts.map((a) => [a.code, `${a.code} ${a.name}`] as const),
              ]}
            />
            <FormField
              name="validFrom"
              label="В сила от"
              type="date"
              required
              defaultValue={typedOr(answer, "validFrom", today)}
              error={answer?.fieldErrors.validFrom}
            />
            <div>
              <Button type="submit" name="intent" value="add" disabled={busy}>
                Добави правило
              </Button>
            </div>
          </div>
        </Form>
      )}
      <RulesTable rules={rules} on={today} names={names} />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Правила за осчетоводяване | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
