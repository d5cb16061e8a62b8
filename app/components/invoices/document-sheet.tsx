import { PhoneCards, wideTable } from "~/components/ui/phone-cards";
import { ScrollTable } from "~/components/ui/scroll-table";
import type { PrintModel } from "~/modules/invoices/print";
import * as styles from "./invoices.css";

/**
 * The document as it prints, in HTML: the same print model as the PDF, so what the preview
 * shows is what the paper says.
 */
export function DocumentSheet({ model, logoUrl }: { model: PrintModel; logoUrl?: string | null }) {
  const lang = model.language === "en" ? "en" : "bg";
  return (
    <article
      className={styles.sheet}
      lang={lang}
      aria-label={`${model.title} ${model.number}`.trim()}
    >
      <header className={styles.sheetHeader}>
        <div>
          <h2 className={styles.sheetTitle}>{model.title}</h2>
          {model.number ? <p className={styles.number}>{model.number}</p> : null}
          <p className={model.markTone === "original" ? styles.mark : styles.markAlert}>
            {model.mark}
          </p>
        </div>
        {logoUrl ? <img src={logoUrl} alt="Лого" className={styles.logo} /> : null}
      </header>
      <dl className={styles.meta}>
        {model.meta.map((item) => (
          <div key={item.label}>
            <dt>{item.label}:</dt> <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.parties}>
        {model.parties.map((party) => (
          <section key={party.heading} className={styles.party} aria-label={party.heading}>
            <h3 className={styles.partyHeading}>{party.heading}</h3>
            <p className={styles.partyName}>{party.name}</p>
            <ul className={styles.plainList}>
              {party.rows.map((row) => (
                <li key={row.label}>
                  <span className={styles.muted}>{row.label}:</span> {row.value}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className={wideTable}>
        <ScrollTable label="Редове на документа">
          <table className={styles.table}>
            <thead>
              <tr>
                {model.columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.numeric ? styles.num : undefined}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {model.rows.map((row) => (
                <tr key={row.no}>
                  {model.columns.map((column) => (
                    <td key={column.key} className={column.numeric ? styles.num : undefined}>
                      {row[column.key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </div>
      {/* A phone gets the lines as cards: no column is cut off at 375 px (issue #41 item 6). After
          the table, so what a wide screen shows comes first. */}
      <PhoneCards
        label="Редове на документа"
        items={model.rows.map((row) => ({
          key: row.no ?? "",
          title: `${row.no}. ${row.description ?? ""}`,
          fields: model.columns
            .filter((column) => column.key !== "no" && column.key !== "description")
            .map((column) => ({
              label: column.label,
              value: row[column.key],
              numeric: column.numeric,
            })),
        }))}
      />
      <dl className={styles.totals}>
        {model.totals.map((total) => (
          <div key={total.label} className={total.strong ? styles.totalStrong : undefined}>
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ))}
      </dl>
      <dl className={styles.facts}>
        {model.facts.map((fact) => (
          <div key={fact.label} style={{ display: "contents" }}>
            <dt>{fact.label}:</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {model.payment ? (
        <figure className={styles.payment}>
          <svg
            className={styles.paymentCode}
            viewBox={`-4 -4 ${model.payment.size + 8} ${model.payment.size + 8}`}
            role="img"
            aria-label={`${model.payment.title}: ${model.payment.lines.at(-1) ?? ""}`}
          >
            <rect
              x={-4}
              y={-4}
              width={model.payment.size + 8}
              height={model.payment.size + 8}
              fill="#ffffff"
            />
            <path d={model.payment.path} fill="#000000" />
          </svg>
          <figcaption>
            <strong>{model.payment.title}</strong>
            {model.payment.lines.map((line) => (
              <span key={line} style={{ display: "block" }}>
                {line}
              </span>
            ))}
          </figcaption>
        </figure>
      ) : null}
      <div className={styles.signatures}>
        {model.signatures.map((signature) => (
          <p key={signature.label}>
            <span className={styles.muted}>{signature.label}:</span> {signature.value}
          </p>
        ))}
      </div>
      {model.footer ? (
        <footer className={styles.muted} style={{ marginTop: "1.5rem", whiteSpace: "pre-line" }}>
          {model.footer}
        </footer>
      ) : null}
    </article>
  );
}
