import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  CompanyCard,
  CompanyLists,
  CountsCard,
  GrantsTable,
  PlanCard,
  SignIns,
  UserCard,
} from "~/components/admin/user-detail";
import * as page from "~/components/layout/page.css";
import { BillingInvoices } from "~/components/subscriptions/billing-invoices";
import { ButtonLink } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { userDetail } from "~/modules/admin/customers.server";
import { requireAdmin } from "~/web/admin/guard.server";

/** A customer's login and everything about its company (issue #14); admins are not shown here. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const detail = await userDetail(context.db, params.id ?? "");
  if (!detail) throw json({ message: "Потребителят не е намерен" }, { status: 404 });
  return json({ detail });
}

export default function AdminUser() {
  const { detail } = useLoaderData<typeof loader>();
  const { user, company } = detail;
  return (
    <div className={page.page}>
      <p>
        <Link to="/hatterscastle/users">« Потребители</Link>
      </p>
      <h1>
        {user.firstName} {user.lastName} · {company.name}
      </h1>
      <p>{user.email}</p>
      <nav aria-label="Действия с потребителя" className={listStyles.toolbar}>
        <ButtonLink to={`/hatterscastle/users/edit/${user.id}`}>Редактирай потребителя</ButtonLink>
        <ButtonLink to={`/hatterscastle/customers/edit/${company.id}`} tone="secondary">
          Редактирай фирмата
        </ButtonLink>
        <ButtonLink to={`/hatterscastle/impersonate/${user.id}`} tone="secondary">
          Виж като клиент
        </ButtonLink>
        <ButtonLink to={`/hatterscastle/users/new?customer=${company.id}`} tone="quiet">
          Добави потребител към фирмата
        </ButtonLink>
      </nav>
      <div className={page.grid}>
        <UserCard user={user} />
        <CompanyCard company={company} />
        <PlanCard company={company} subscription={detail.subscription} grants={detail.grants} />
        <CountsCard counts={detail.counts} />
      </div>
      <div style={{ display: "grid", gap: "1.5rem", marginTop: "1.5rem" }}>
        <section className={page.card} aria-labelledby="grants-title">
          <h2 id="grants-title" className={page.cardTitle}>
            План без плащане
          </h2>
          <GrantsTable grants={detail.grants} />
          <p>
            <Link to={`/hatterscastle/customers/edit/${company.id}#grant`}>
              Предостави или отнеми план
            </Link>
          </p>
        </section>
        <BillingInvoices
          invoices={detail.invoices.map((invoice) => ({
            ...invoice,
            number: invoice.number ?? "—",
          }))}
        />
        <SignIns signIns={detail.signIns} />
        <CompanyLists detail={detail} />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Потребител | Админ | Сметка" }];
