import { Form } from "@remix-run/react";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { StatementTable } from "~/components/statements/statement-table";
import { Button } from "~/components/ui/button";
import type { CurrencyStatement } from "~/modules/statements/statement.server";
import { usePortalWords } from "./portal-words";

/*
 * The client's statement of account in the portal (issue #47 item 4, decisions 069 and 070): the
 * period's form (a GET: it works without JavaScript), the PDF in Bulgarian and English, and the
 * company's own table per currency, its documents opening the portal's PDFs.
 */

/** The statement as the portal's loader gives it. */
export interface PortalStatementView {
  from: string;
  to: string;
  currencies: CurrencyStatement[];
  query: { from: string; to: string };
  periodError: string | null;
}

export function PortalStatement({
  statement,
  base,
}: {
  statement: PortalStatementView;
  /** /portal/{token}: the files are under it. */
  base: string;
}) {
  const w = usePortalWords();
  const { from, to, query, periodError } = statement;
  const file = (lang: string) => `${base}/statement.pdf?from=${from}&to=${to}&lang=${lang}`;
  return (
    <section aria-labelledby="portal-statement">
      <h2 id="portal-statement">{w.statement}</h2>
      <p>{w.statementHint}</p>
      <Form method="get" action={base} aria-label={w.period} preventScrollReset>
        {w.lang === "en" ? <input type="hidden" name="lang" value="en" /> : null}
        <FormError message={periodError} />
        <FormField
          name="from"
          label={w.from}
          type="date"
          defaultValue={query.from || from}
          error={periodError ?? undefined}
        />
        <FormField name="to" label={w.to} type="date" defaultValue={query.to || to} />
        <Button type="submit">{w.show}</Button>
      </Form>
      <p>
        {w.pdfIn}{" "}
        <a href={file("bg")} data-reload>
          <span className="visually-hidden">{w.statement} </span>
          {w.inBulgarian}
        </a>{" "}
        ·{" "}
        <a href={file("en")} data-reload>
          <span className="visually-hidden">{w.statement} </span>
          {w.inEnglish}
        </a>
      </p>
      {statement.currencies.length ? (
        statement.currencies.map((c) => (
          <StatementTable
            key={c.currency}
            statement={c}
            from={from}
            to={to}
            lang={w.lang}
            documentHref={(id) => `${base}/documents/${id}.pdf`}
          />
        ))
      ) : (
        <p>{w.noStatement(w.day(to))}</p>
      )}
    </section>
  );
}

/** «English» / «Български»: the same page in the other language, a plain link (no JavaScript). */
export function PortalLanguageSwitch({ search, english }: { search: string; english: boolean }) {
  const w = usePortalWords();
  if (!english) return null;
  const other = w.lang === "en" ? "bg" : "en";
  return (
    <nav aria-label={w.language}>
      {/* «?» alone: the same page with no query (an empty href would keep ?lang=en). */}
      <a href={w.query(search, other) || "?"} lang={other} hrefLang={other}>
        {other === "en" ? "English" : "Български"}
      </a>
    </nav>
  );
}
