import * as list from "~/components/ui/list.css";
import { DOCUMENT_TYPES, listedCents, STATE_LABELS } from "~/modules/invoices/constants";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import * as styles from "./portal.css";

/** A document as the portal page gets it from its loader. */
export interface PortalDocumentView {
  id: string;
  type: keyof typeof DOCUMENT_TYPES;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  totalCents: number;
  paidCents: number;
  dueCents: number;
  cancelled: boolean;
  state: keyof typeof STATE_LABELS | null;
  qr: { size: number; path: string } | null;
}

/** «Просрочен от 12.11.2026», «Платен», «Анулиран», or a dash for a credit note. */
function stateText(doc: PortalDocumentView): string {
  if (doc.cancelled) return STATE_LABELS.cancelled;
  if (!doc.state) return "—";
  if (doc.state === "overdue" && doc.dueDate) return `Просрочен от ${formatDate(doc.dueDate)}`;
  return STATE_LABELS[doc.state];
}

const title = (doc: PortalDocumentView) => `${DOCUMENT_TYPES[doc.type]} № ${doc.number}`;

/** The client's documents: number, dates, amounts, state and the links to the PDF and UBL. */
export function PortalDocuments({
  documents,
  base,
}: {
  documents: PortalDocumentView[];
  /** /portal/{token}: the files are under it. */
  base: string;
}) {
  if (documents.length === 0) return <p>Все още няма издадени документи.</p>;
  return (
    <div style={{ overflowX: "auto" }}>
      <table className={list.table}>
        <caption className="visually-hidden">Документи</caption>
        <thead>
          <tr>
            <th scope="col" className={list.cell}>
              Документ
            </th>
            <th scope="col" className={list.cell}>
              Дата
            </th>
            <th scope="col" className={list.cell}>
              Падеж
            </th>
            <th scope="col" className={`${list.cell} ${styles.amount}`}>
              Сума
            </th>
            <th scope="col" className={`${list.cell} ${styles.amount}`}>
              Платено
            </th>
            <th scope="col" className={`${list.cell} ${styles.amount}`}>
              За плащане
            </th>
            <th scope="col" className={list.cell}>
              Състояние
            </th>
            <th scope="col" className={list.cell}>
              Файлове
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((doc) => (
            <tr key={doc.id}>
              <th scope="row" className={list.cell}>
                {title(doc)}
              </th>
              <td className={list.cell}>{formatDate(doc.issueDate)}</td>
              <td className={list.cell}>{doc.dueDate ? formatDate(doc.dueDate) : "—"}</td>
              <td className={`${list.cell} ${styles.amount}`}>
                {formatMoney(listedCents(doc.type, doc.totalCents), doc.currency)}
              </td>
              <td className={`${list.cell} ${styles.amount}`}>
                {formatMoney(doc.paidCents, doc.currency)}
              </td>
              <td className={`${list.cell} ${styles.amount}`}>
                {doc.cancelled || doc.type === "credit_note"
                  ? "—"
                  : formatMoney(doc.dueCents, doc.currency)}
              </td>
              <td
                className={`${list.cell} ${doc.state === "overdue" && !doc.cancelled ? styles.overdue : ""}`}
              >
                {stateText(doc)}
              </td>
              <td className={list.cell}>
                <a href={`${base}/documents/${doc.id}.pdf`} aria-label={`PDF на ${title(doc)}`}>
                  PDF
                </a>
                {doc.type === "proforma" || doc.cancelled ? null : (
                  <>
                    {" · "}
                    <a
                      href={`${base}/documents/${doc.id}.xml`}
                      aria-label={`Електронна фактура (UBL) на ${title(doc)}`}
                    >
                      UBL
                    </a>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * How to pay each open document: its EPC QR code (decision 068) for a bank app, with the amount
 * and the reference in words beside it. Other ways to pay are added here, per document.
 */
export function PortalPayments({ documents }: { documents: PortalDocumentView[] }) {
  const payable = documents.filter((doc) => doc.qr);
  if (payable.length === 0) return null;
  return (
    <section aria-labelledby="portal-pay">
      <h2 id="portal-pay">Плащане</h2>
      <p>Сканирайте кода с приложението на банката си: сумата и основанието се попълват сами.</p>
      <ul className={styles.payList}>
        {payable.map((doc) => (
          <li key={doc.id} className={styles.payItem}>
            {doc.qr ? (
              <svg
                className={styles.qr}
                viewBox={`-4 -4 ${doc.qr.size + 8} ${doc.qr.size + 8}`}
                role="img"
                aria-label={`QR код за плащане на ${title(doc)}`}
                shapeRendering="crispEdges"
              >
                <rect x={-4} y={-4} width={doc.qr.size + 8} height={doc.qr.size + 8} fill="#fff" />
                <path d={doc.qr.path} fill="#000" />
              </svg>
            ) : null}
            <p>
              <strong>{title(doc)}</strong>
              <br />
              За плащане: {formatMoney(doc.dueCents, doc.currency)}
              {doc.dueDate ? <> до {formatDate(doc.dueDate)}</> : null}
              <br />
              Основание: {title(doc)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
