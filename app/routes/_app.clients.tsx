import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { ListSearch } from "~/components/forms/list-filters";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import * as styles from "~/components/ui/list.css";
import { ListPager } from "~/components/ui/list-pager";
import { ScrollTable } from "~/components/ui/scroll-table";
import * as frame from "~/components/ui/scroll-table.css";
import { CLIENT_KINDS } from "~/modules/clients/constants";
import { type ClientSort, countClients, listClients } from "~/modules/clients/queries.server";
import { searchTerm } from "~/utils/safe-text";
import { requireCompanyUser } from "~/web/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "clients.view");
  const url = new URL(request.url);
  const sort: ClientSort = url.searchParams.get("sort") === "newest" ? "newest" : "name";
  const archived = url.searchParams.get("archived") === "1";
  const q = searchTerm(url.searchParams.get("q"));
  const [{ clients, nextCursor }, total] = await Promise.all([
    listClients(context.db, user.companyId, {
      q,
      sort,
      archived,
      after: url.searchParams.get("after"),
    }),
    countClients(context.db, user.companyId, archived),
  ]);
  return json({ clients, nextCursor, total, q, sort, archived });
}

export default function Clients() {
  const { clients, nextCursor, total, q, sort, archived } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <div className={styles.header}>
        <h1>{archived ? "Архивирани клиенти" : "Клиенти"}</h1>
        <div className={styles.toolbar}>
          <ButtonLink to="/clients/import" tone="secondary">
            Импорт от файл
          </ButtonLink>
          <ButtonLink to="/client/new">Нов клиент</ButtonLink>
        </div>
      </div>
      <Form method="get" className={styles.toolbar} role="search" aria-label="Търсене на клиенти">
        <ListSearch id="client-search" label="Търсене по име, ЕИК или ДДС номер" value={q} />
        <div className={fieldStyles.field}>
          <label htmlFor="client-sort" className={fieldStyles.label}>
            Подреждане
          </label>
          <select id="client-sort" name="sort" defaultValue={sort} className={fieldStyles.input}>
            <option value="name">По име</option>
            <option value="newest">Най-новите първо</option>
          </select>
        </div>
        {archived ? <input type="hidden" name="archived" value="1" /> : null}
        <div className={fieldStyles.field}>
          <Button type="submit">Търси</Button>
        </div>
      </Form>
      <p role="status">
        {q
          ? `Намерени клиенти за „${q}“: ${clients.length}${nextCursor ? "+" : ""}`
          : `Общо ${archived ? "архивирани " : ""}клиенти: ${total}`}
        {" · "}
        <Link to={archived ? "/clients" : "/clients?archived=1"}>
          {archived ? "Към активните клиенти" : "Архивирани клиенти"}
        </Link>
      </p>
      {clients.length === 0 ? (
        <p>
          {q
            ? "Няма клиенти, които отговарят на търсенето."
            : "Все още нямате клиенти. Добавете първия си клиент."}
        </p>
      ) : (
        <ScrollTable label="Клиенти">
          <table className={styles.table}>
            <caption className="visually-hidden">Клиенти</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  Име
                </th>
                <th scope="col" className={`${styles.cell} ${frame.wideOnly}`}>
                  Вид
                </th>
                <th scope="col" className={styles.cell}>
                  ЕИК/Булстат
                </th>
                <th scope="col" className={styles.cell}>
                  ДДС номер
                </th>
                <th scope="col" className={styles.cell}>
                  Град
                </th>
                <th scope="col" className={styles.cell}>
                  Имейл
                </th>
              </tr>
            </thead>
            <tbody>
              {clients.map((client) => (
                <tr key={client.id}>
                  <th scope="row" className={styles.cell}>
                    <Link to={`/client/edit/${client.id}`}>{client.name}</Link>
                  </th>
                  <td className={`${styles.cell} ${frame.wideOnly}`}>
                    {CLIENT_KINDS[client.kind]}
                  </td>
                  <td className={styles.cell}>{client.eik ?? "—"}</td>
                  <td className={styles.cell}>{client.vatNumber ?? "—"}</td>
                  <td className={styles.cell}>{client.city}</td>
                  <td className={styles.cell}>{client.emails[0] ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <ListPager path="/clients" nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Клиенти | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
