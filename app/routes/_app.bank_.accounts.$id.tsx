import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccountSettingsForm } from "~/components/bank/bank-forms";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { getAccount, updateAccount } from "~/modules/bank/accounts.server";
import { accountSettingsSchema, csvMappingProblem } from "~/modules/bank/forms.server";
import { fieldErrorsOf } from "~/utils/field-errors";
import { refuseForm, refuseUnknownIntent, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireBankPage } from "~/web/bank/access.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireBankPage(request, context, "view");
  const account = await getAccount(context.db, user.companyId, params.id);
  if (!account) throw new Response("Not Found", { status: 404 });
  return json({ account });
}

/** The account's name, automatic confirmation and CSV mapping. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireBankPage(request, context, "edit");
  const account = await getAccount(context.db, user.companyId, params.id);
  if (!account) throw new Response("Not Found", { status: 404 });
  const values = typedValues(await request.formData());
  if (values.intent !== "settings") return refuseUnknownIntent("settings");
  const parsed = accountSettingsSchema.safeParse(values);
  if (!parsed.success) {
    return refuseForm({
      formId: "settings",
      fieldErrors: fieldErrorsOf(parsed.error),
      repopulateFields: values,
    });
  }
  const { name, autoConfirm, ...mapping } = parsed.data;
  const mapped = Object.values(mapping).some(Boolean);
  const problem = mapped ? csvMappingProblem(mapping) : null;
  if (problem) {
    return refuseForm({
      formId: "settings",
      fieldErrors: { date: problem },
      formError: problem,
      repopulateFields: values,
      focus: "date",
    });
  }
  await updateAccount(context.db, user.companyId, account.id, { name, autoConfirm, mapping });
  return redirectWithToast("/bank", "Настройките на сметката са запазени");
}

export default function BankAccount() {
  const { account } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <p>
        <Link to="/bank">« Банка</Link>
      </p>
      <h1>
        Сметка {account.iban} ({account.currency})
      </h1>
      <AccountSettingsForm account={account} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Банкова сметка — Сметка" }];

export const ErrorBoundary = GateBoundary;

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
