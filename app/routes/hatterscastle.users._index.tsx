import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Badge, DataTable, dateOrDash } from "~/components/admin/customer-parts";
import * as fieldStyles from "~/components/forms/field.css";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ListPager } from "~/components/ui/list-pager";
import { SUBSCRIPTION_STATUS_NAMES, USER_STATUSES } from "~/modules/admin/constants";
import { parseUserSearch } from "~/modules/admin/schema";
import { listUsers } from "~/modules/admin/users.server";
import { PLAN_NAMES, PLANS } from "~/modules/subscriptions/plans";
import { requireAdmin } from "~/web/admin/guard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const search = parseUserSearch(url.searchParams);
  const { users, nextCursor } = await listUsers(context.db, search, {
    after: url.searchParams.get("after"),
  });
  return json({ users, nextCursor, search });
}

export default function AdminUsers() {
  const { users, nextCursor, search } = useLoaderData<typeof loader>();
  const filtered = Boolean(search.q || search.plan || search.status);
  return (
    <div className={page.page}>
      <div className={listStyles.header}>
        <h1>Потребители</h1>
        <ButtonLink to="/hatterscastle/customers/new">Нов клиент</ButtonLink>
      </div>
      <p>
        Потребител е вход (имейл и парола) на клиент; клиент е фирмата с нейния план и абонамент.
        Администраторите са в «Администратори».
      </p>
      <Form
        method="get"
        className={listStyles.toolbar}
        role="search"
        aria-label="Търсене на потребители"
      >
        <div className={fieldStyles.field}>
          <label htmlFor="user-search" className={fieldStyles.label}>
            Имейл, фирма или ЕИК
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            maxLength={100}
            defaultValue={search.q}
            className={fieldStyles.input}
          />
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor="user-plan" className={fieldStyles.label}>
            План
          </label>
          <select
            id="user-plan"
            name="plan"
            defaultValue={search.plan ?? ""}
            className={fieldStyles.input}
          >
            <option value="">Всички планове</option>
            {PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {PLAN_NAMES[plan]}
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <label htmlFor="user-status" className={fieldStyles.label}>
            Състояние
          </label>
          <select
            id="user-status"
            name="status"
            defaultValue={search.status ?? ""}
            className={fieldStyles.input}
          >
            <option value="">Всички</option>
            {Object.entries(USER_STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <Button type="submit">Търси</Button>
        </div>
      </Form>
      <p role="status">
        {filtered
          ? `Намерени потребители: ${users.length}${nextCursor ? "+" : ""}`
          : `Потребители на тази страница: ${users.length}${nextCursor ? " (има още)" : ""}`}
        {filtered ? (
          <>
            {" · "}
            <Link to="/hatterscastle/users">Изчисти търсенето</Link>
          </>
        ) : null}
      </p>
      <DataTable
        caption="Потребители на клиенти"
        empty={
          filtered ? "Няма потребители, които отговарят на търсенето." : "Все още няма клиенти."
        }
        columns={[
          "Имейл",
          "Име",
          "Фирма",
          "ЕИК",
          "План",
          "Абонамент",
          "Потвърден имейл",
          "Блокиран",
          "Изтриване",
          "Регистриран",
        ]}
        rows={users.map((user) => ({
          key: user.id,
          cells: [
            <Link key="email" to={`/hatterscastle/users/${user.id}`}>
              {user.email}
            </Link>,
            `${user.firstName} ${user.lastName}`,
            <span key="company">
              {user.companyName}
              {user.isOperator ? (
                <>
                  {" "}
                  <Badge tone="muted">Оператор</Badge>
                </>
              ) : null}
            </span>,
            user.eik,
            PLAN_NAMES[user.plan],
            user.subscriptionStatus
              ? (SUBSCRIPTION_STATUS_NAMES[user.subscriptionStatus] ?? user.subscriptionStatus)
              : "Няма",
            user.emailVerifiedAt ? (
              "Да"
            ) : (
              <Badge key="verified" tone="warn">
                Не
              </Badge>
            ),
            user.lockedAt ? (
              <Badge key="locked" tone="danger">
                Блокиран
              </Badge>
            ) : (
              "Не"
            ),
            user.anonymizedAt ? (
              <Badge key="deleted" tone="muted">
                Изтрит
              </Badge>
            ) : user.deletionScheduledAt ? (
              <Badge key="deletion" tone="warn">
                {dateOrDash(user.deletionScheduledAt)}
              </Badge>
            ) : (
              "—"
            ),
            dateOrDash(user.createdAt),
          ],
        }))}
      />
      <ListPager path="/hatterscastle/users" nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Потребители | Админ | Сметка" }];
