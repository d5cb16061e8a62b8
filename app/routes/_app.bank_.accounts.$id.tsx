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
import { getAccount, mappingOf, updateAccount } from "~/modules/bank/accounts.server";
import type { CsvMapping } from "~/modules/bank/constants";
import { accountSettingsSchema, csvMappingProblem } from "~/modules/bank/forms.server";
import { bankLayout } from "~/modules/bank/layouts";
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

/** The account's name, automatic confirmation and CSV mapping; or a bank's columns filled in. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireBankPage(request, context, "edit");
  const account = await getAccount(context.db, user.companyId, params.id);
  if (!account) throw new Response("Not Found", { status: 404 });
  const values = typedValues(await request.formData());
  if (values.intent === "layout") return fillLayout(values.layout ?? "", account);
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
    // A direction column without the one amount column: the message is the amount's.
    const field = mapping.date && mapping.direction ? "amount" : "date";
    return refuseForm({
      formId: "settings",
      fieldErrors: { [field]: problem },
      formError: problem,
      repopulateFields: values,
      focus: field,
    });
  }
  await updateAccount(context.db, user.companyId, account.id, { name, autoConfirm, mapping });
  return redirectWithToast("/bank", "Настройките на сметката са запазени");
}

/**
 * «Попълни колоните» (a form of its own): the settings form again with the bank's columns in the
 * mapping's fields and the account's name and confirmation as saved — nothing saved; the person
 * checks the columns and saves (decision 046).
 */
function fillLayout(id: string, account: NonNullable<Awaited<ReturnType<typeof getAccount>>>) {
  const text = (mapping: CsvMapping) =>
    Object.fromEntries(Object.entries(mapping).map(([key, column]) => [key, column ?? ""]));
  const saved = {
    name: account.name ?? "",
    autoConfirm: account.autoConfirm ? "on" : "",
    ...text(mappingOf(account)),
  };
  const layout = bankLayout(id);
  if (!layout) {
    return refuseForm({
      formId: "settings",
      fieldErrors: { layout: "Изберете банката, чиито колони да се попълнят" },
      repopulateFields: { ...saved, layout: id },
      focus: "layout",
    });
  }
  return refuseForm(
    {
      formId: "settings",
      fieldErrors: {},
      repopulateFields: {
        ...saved,
        ...text(layout.mapping(account.currency)),
        layout: layout.id,
        filledFrom: layout.label,
      },
    },
    200,
  );
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
