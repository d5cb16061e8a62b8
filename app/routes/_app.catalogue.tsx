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
import { vatRateLabel } from "~/modules/catalogue/constants";
import { catalogueItemJson, listCatalogue } from "~/modules/catalogue/queries.server";
import { formatPrice, PRICE_SCALE, parseDecimal } from "~/utils/money";
import { searchTerm } from "~/utils/safe-text";
import { requireCompanyUser } from "~/web/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "catalogue.view");
  const url = new URL(request.url);
  const q = searchTerm(url.searchParams.get("q"));
  const archived = url.searchParams.get("archived") === "1";
  const { items, nextCursor } = await listCatalogue(context.db, user.companyId, {
    q,
    archived,
    after: url.searchParams.get("after"),
  });
  return json({ items: items.map(catalogueItemJson), nextCursor, q, archived });
}

export default function Catalogue() {
  const { items, nextCursor, q, archived } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <div className={styles.header}>
        <h1>{archived ? "Архивирани артикули" : "Каталог"}</h1>
        <ButtonLink to="/catalogue/new">Нов артикул</ButtonLink>
      </div>
      <p>Стоки и услуги с цена без ДДС: в редактора на документи ред се попълва от каталога.</p>
      <Form method="get" className={styles.toolbar} role="search" aria-label="Търсене в каталога">
        <ListSearch
          id="catalogue-search"
          label="Търсене по наименование"
          value={q}
          maxLength={100}
        />
        {archived ? <input type="hidden" name="archived" value="1" /> : null}
        <div className={fieldStyles.field}>
          <Button type="submit">Търси</Button>
        </div>
      </Form>
      <p role="status">
        {q
          ? `Намерени артикули за „${q}“: ${items.length}${nextCursor ? "+" : ""}`
          : `Показани артикули: ${items.length}${nextCursor ? "+" : ""}`}
        {" · "}
        <Link to={archived ? "/catalogue" : "/catalogue?archived=1"}>
          {archived ? "Към активните артикули" : "Архивирани артикули"}
        </Link>
      </p>
      {items.length === 0 ? (
        <p>
          {q
            ? "Няма артикули, които отговарят на търсенето."
            : archived
              ? "Няма архивирани артикули."
              : "Каталогът е празен. Добавете първата си стока или услуга."}
        </p>
      ) : (
        <ScrollTable label="Каталог">
          <table className={styles.table}>
            <caption className="visually-hidden">Артикули в каталога</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  Наименование
                </th>
                <th scope="col" className={`${styles.cell} ${frame.wideOnly}`}>
                  На английски
                </th>
                <th scope="col" className={`${styles.cell} ${frame.wideOnly}`}>
                  Мярка
                </th>
                <th scope="col" className={styles.cell}>
                  Ед. цена без ДДС
                </th>
                <th scope="col" className={styles.cell}>
                  ДДС
                </th>
                <th scope="col" className={`${styles.cell} ${frame.wideOnly}`}>
                  Основание
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row" className={styles.cell}>
                    <Link to={`/catalogue/edit/${item.id}`}>{item.name}</Link>
                  </th>
                  <td
                    className={`${styles.cell} ${frame.wideOnly}`}
                    lang={item.nameEn ? "en" : undefined}
                  >
                    {item.nameEn ?? "—"}
                  </td>
                  <td className={`${styles.cell} ${frame.wideOnly}`}>{item.unit}</td>
                  <td className={styles.cell}>
                    {formatPrice(parseDecimal(item.unitPrice, PRICE_SCALE) ?? 0n)}
                    <span className={frame.phoneOnly}>за {item.unit}</span>
                  </td>
                  <td className={styles.cell}>{vatRateLabel(item.vatRate)}</td>
                  <td className={`${styles.cell} ${frame.wideOnly}`}>{item.vatGround ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <ListPager path="/catalogue" nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Каталог | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
