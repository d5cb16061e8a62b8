import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as styles from "~/components/layout/page.css";
import { LoginCompanies } from "~/components/team/login-companies";
import { listLoginCompanies } from "~/modules/team/companies.server";
import { leaveCompany } from "~/modules/team/members.server";
import { AppError } from "~/utils/errors";
import { refuseUnknownIntent, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/web/auth/guards.server";

/**
 * /companies (issue #29 item 4): the login's companies with its role in each — an accountant's
 * list of client companies — to work in one (the header's switch) or leave one (never as owner).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json({ companies: await listLoginCompanies(context.db, user) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = typedValues(await request.formData());
  if (values.intent !== "leave") return refuseUnknownIntent("leave");
  try {
    await leaveCompany(context, user, values.companyId ?? "");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError("leave", error, {});
  }
  return redirectWithToast("/companies", {
    title: "Напуснахте фирмата",
    description: "Вече нямате достъп до нея.",
  });
}

export default function Companies() {
  const { companies } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1>Вашите фирми</h1>
      <p>
        Фирмите, в които сте член, и ролята ви във всяка. Месеците на фирмите, на които водите
        счетоводството: <Link to="/companies/months">Фирмите по месеци</Link>.
      </p>
      <LoginCompanies companies={companies} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Вашите фирми | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
