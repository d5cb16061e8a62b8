import { Form, Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import * as fieldStyles from "~/components/forms/field.css";
import { Button } from "~/components/ui/button";
import * as styles from "./expenses.css";

/**
 * Without JavaScript: find a previous supplier with a search form (GET), then «Избери» fills the
 * expense form with it. With JavaScript the form's own search field does this as you type.
 */
export function SupplierSearch({
  query,
  found,
}: {
  query: string | null;
  found: { id: string; name: string; eik: string | null }[] | null;
}) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <section aria-labelledby="supplier-search-heading" className={styles.section}>
      <h2 id="supplier-search-heading" className={styles.legend} style={{ marginTop: 0 }}>
        Предишен доставчик
      </h2>
      <Form method="get" role="search" aria-labelledby="supplier-search-heading">
        <div className={fieldStyles.field}>
          <label htmlFor="supplier-q" className={fieldStyles.label}>
            Име, ЕИК или ДДС номер
          </label>
          <input
            id="supplier-q"
            type="search"
            name="supplierQ"
            maxLength={100}
            defaultValue={query ?? ""}
            className={fieldStyles.input}
          />
        </div>
        <Button type="submit" tone="secondary">
          Търси доставчик
        </Button>
      </Form>
      {found ? (
        found.length ? (
          <ul aria-label="Намерени доставчици">
            {found.map((s) => (
              <li key={s.id}>
                {s.name}
                {s.eik ? `, ЕИК ${s.eik}` : ""} ·{" "}
                <Link to={`?supplierId=${s.id}`}>
                  Избери<span className="visually-hidden"> {s.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">Няма такъв доставчик: попълнете полетата по-долу.</p>
        )
      ) : null}
    </section>
  );
}
