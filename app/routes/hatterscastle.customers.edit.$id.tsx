import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Checkbox, CompanyFields } from "~/components/admin/customer-forms";
import { GrantsTable } from "~/components/admin/user-detail";
import { DateField } from "~/components/forms/date-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { byAdmin } from "~/modules/admin/audit.server";
import { ADMIN_MESSAGES, COMPANY_EDIT_FIELDS, GRANT_FIELDS } from "~/modules/admin/constants";
import { findCompany, firstCustomerUser, updateCompany } from "~/modules/admin/customers.server";
import { grantPlan, listGrants, revokeGrant } from "~/modules/admin/grants.server";
import { companyEditSchema, grantSchema } from "~/modules/admin/schema";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import { printDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseUnknownIntent, refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseAdminForm, readAdminValues } from "~/web/admin/forms.server";
import { requireAdmin } from "~/web/admin/guard.server";

async function companyOr404(context: LoaderFunctionArgs["context"], id: string | undefined) {
  const company = await findCompany(context.db, id ?? "");
  if (!company) throw json({ message: ADMIN_MESSAGES.noCustomer }, { status: 404 });
  return company;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const company = await companyOr404(context, params.id);
  const [grants, owner] = await Promise.all([
    listGrants(context.db, company.id),
    firstCustomerUser(context.db, company.id),
  ]);
  const on = (value: boolean) => (value ? "on" : "");
  return json({
    company: { id: company.id, name: company.name, plan: company.subscriptionPlan },
    values: {
      companyName: company.name,
      companyType: company.companyType,
      companyVat: company.eik,
      companyEmail: company.email,
      companyAddress: company.address,
      companyCity: company.city,
      postalCode: company.postalCode,
      country: company.country,
      companyPhone: company.phone,
      isVatRegistered: on(company.isVatRegistered),
      vatNumber: company.vatNumber ?? "",
      companyBankAccount: company.bankIban ?? "",
      companyBankName: company.bankName ?? "",
      companyBankBic: company.bankBic ?? "",
      useEnglishInvoices: on(company.useEnglishInvoices),
      companyNameEn: company.nameEn ?? "",
      companyAddressEn: company.addressEn ?? "",
      companyCityEn: company.cityEn ?? "",
      companyBankNameEn: company.bankNameEn ?? "",
    },
    grants,
    owner: owner ?? null,
    today: todayInSofia(),
  });
}

/** The company's data; a plan granted without payment, or the grant taken back. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const company = await companyOr404(context, params.id);
  const values = await readAdminValues(request);
  const audit = byAdmin(admin, context);
  const here = `/hatterscastle/customers/edit/${company.id}`;
  const formId =
    values.intent === "grant" || values.intent === "revoke" ? values.intent : "company";
  try {
    switch (values.intent) {
      case "company": {
        const { data, refusal } = await parseAdminForm(
          "company",
          companyEditSchema,
          values,
          COMPANY_EDIT_FIELDS,
        );
        if (refusal) return refusal;
        await updateCompany(context.db, company.id, data, audit);
        return redirectWithToast(here, "Данните на фирмата са запазени");
      }
      case "grant": {
        const { data, refusal } = await parseAdminForm("grant", grantSchema, values, GRANT_FIELDS);
        if (refusal) return refusal;
        const plan = await grantPlan(context.db, company.id, data, audit);
        return redirectWithToast(here, {
          title: "Планът е предоставен",
          description: `Фирмата е на план «${PLAN_NAMES[plan]}».`,
        });
      }
      case "revoke": {
        const plan = await revokeGrant(context.db, company.id, audit);
        return redirectWithToast(here, {
          title: "Предоставеният план е отнет",
          description: `Фирмата е на план «${PLAN_NAMES[plan]}».`,
        });
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return refuseWithAppError(
      formId,
      error,
      values,
      error.fields ? ADMIN_MESSAGES.failed : error.message,
    );
  }
}

export default function AdminEditCustomer() {
  const { company, values, grants, owner, today } = useLoaderData<typeof loader>();
  const answer = useFormAnswer("company");
  const grant = useFormAnswer("grant");
  const revokeAnswer = useFormAnswer("revoke");
  const form = useFocusFirstInvalid(answer);
  const grantForm = useFocusFirstInvalid(grant);
  const busy = useNavigation().state === "submitting";
  const live = grants.find((g) => g.live);
  const english = (name: string, label: string, max: number) => (
    <FormField
      name={name}
      label={label}
      defaultValue={typedOr(answer, name, values[name as keyof typeof values])}
      error={answer?.fieldErrors[name]}
      controlProps={{ maxLength: max, lang: "en" }}
    />
  );
  return (
    <div className={page.page}>
      <p>
        {owner ? (
          <Link to={`/hatterscastle/users/${owner.id}`}>« Към потребителя {owner.email}</Link>
        ) : (
          <Link to="/hatterscastle/users">« Потребители</Link>
        )}
      </p>
      <h1>Редакция на {company.name}</h1>
      <div className={page.grid}>
        <section className={page.card} aria-labelledby="company-title">
          <h2 id="company-title" className={page.cardTitle}>
            Данни на фирмата
          </h2>
          <Form method="post" ref={form} noValidate>
            <input type="hidden" name="intent" value="company" />
            <FormError message={answer?.formError} />
            <CompanyFields answer={answer} values={values} />
            <Checkbox
              id="company-english"
              name="useEnglishInvoices"
              label="Издава фактури и на английски"
              answer={answer}
              defaultChecked={values.useEnglishInvoices === "on"}
            />
            <fieldset className={fieldStyles.fieldset}>
              <legend className={fieldStyles.legend}>Данни на английски</legend>
              {english("companyNameEn", "Име на фирмата на английски", 200)}
              {english("companyAddressEn", "Адрес на английски", 200)}
              {english("companyCityEn", "Град на английски", 100)}
              {english("companyBankNameEn", "Банка на английски", 100)}
            </fieldset>
            <Button type="submit" disabled={busy}>
              Запази
            </Button>
          </Form>
        </section>

        <section className={page.card} aria-labelledby="grant-title" id="grant">
          <h2 id="grant-title" className={page.cardTitle}>
            План без плащане
          </h2>
          <p>
            Сега: <strong>{PLAN_NAMES[company.plan]}</strong>
            {live
              ? ` (предоставен ${PLAN_NAMES[live.plan]}${live.endsOn ? ` до ${printDate(live.endsOn)}` : " до отмяна"})`
              : ""}
            . Фирмата ползва по-високия от платения и предоставения план.
          </p>
          <Form method="post" ref={grantForm} noValidate>
            <input type="hidden" name="intent" value="grant" />
            <FormError message={grant?.formError} />
            <FormField
              name="plan"
              label="План"
              required
              defaultValue={typedOr(grant, "plan", "standard")}
              error={grant?.fieldErrors.plan}
              options={[
                ["standard", PLAN_NAMES.standard],
                ["full", PLAN_NAMES.full],
              ]}
            />
            <FormField
              name="reason"
              label="Причина"
              required
              multiline
              defaultValue={typedOr(grant, "reason")}
              error={grant?.fieldErrors.reason}
              controlProps={{ maxLength: 500 }}
            />
            <DateField
              name="endsOn"
              label="Последен ден (по желание)"
              hint="Празно: до отмяна"
              defaultValue={typedOr(grant, "endsOn")}
              error={grant?.fieldErrors.endsOn}
              controlProps={{ min: today }}
            />
            <Button type="submit" disabled={busy}>
              Предостави плана
            </Button>
          </Form>
          {live ? (
            <Form method="post" style={{ marginTop: "1rem" }}>
              <input type="hidden" name="intent" value="revoke" />
              <FormError message={revokeAnswer?.formError} />
              <Button type="submit" tone="secondary" disabled={busy}>
                Отнеми предоставения план
              </Button>
            </Form>
          ) : null}
        </section>
      </div>
      <section className={page.card} aria-labelledby="grants-title" style={{ marginTop: "1.5rem" }}>
        <h2 id="grants-title" className={page.cardTitle}>
          История на предоставените планове
        </h2>
        <GrantsTable grants={grants} />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Редакция на клиент | Админ | Сметка" }];
