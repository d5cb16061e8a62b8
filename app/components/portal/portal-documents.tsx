import * as list from "~/components/ui/list.css";
import type { DOCUMENT_TYPES, STATE_LABELS } from "~/modules/invoices/constants";
import { listedCents } from "~/modules/invoices/constants";
import * as styles from "./portal.css";
import { type PortalWords, usePortalWords } from "./portal-words";

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
function stateText(doc: PortalDocumentView, w: PortalWords): string {
  if (doc.cancelled) return w.states.cancelled;
  if (!doc.state) return "—";
  if (doc.state === "overdue" && doc.dueDate) return w.overdueFrom(w.day(doc.dueDate));
  return w.states[doc.state];
}

/** The client's documents: number, dates, amounts, state and the links to the PDF and UBL. */
export function PortalDocuments({
  documents,
  base,
}: {
  documents: PortalDocumentView[];
  /** /portal/{token}: the files are under it. */
  base: string;
}) {
  const w = usePortalWords();
  const title = w.title;
  if (documents.length === 0) return <p>{w.noDocuments}</p>;
  return (
    <div style={{ overflowX: "auto" }}>
      <table className={list.table}>
        <caption className="visually-hidden">{w.documents}</caption>
        <thead>
          <tr>
            <th scope="col" className={list.cell}>
              {w.document}
            </th>
            <th scope="col" className={list.cell}>
              {w.date}
            </th>
            <th scope="col" className={list.cell}>
              {w.dueDate}
            </th>
            <th scope="col" className={`${list.cell} ${styles.amount}`}>
              {w.amount}
            </th>
            <th scope="col" className={`${list.cell} ${styles.amount}`}>
              {w.paid}
            </th>
            <th scope="col" className={`${list.cell} ${styles.amount}`}>
              {w.toPay}
            </th>
            <th scope="col" className={list.cell}>
              {w.state}
            </th>
            <th scope="col" className={list.cell}>
              {w.files}
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((doc) => (
            <tr key={doc.id}>
              <th scope="row" className={list.cell}>
                {title(doc)}
              </th>
              <td className={list.cell}>{w.day(doc.issueDate)}</td>
              <td className={list.cell}>{doc.dueDate ? w.day(doc.dueDate) : "—"}</td>
              <td className={`${list.cell} ${styles.amount}`}>
                {w.money(listedCents(doc.type, doc.totalCents), doc.currency)}
              </td>
              <td className={`${list.cell} ${styles.amount}`}>
                {w.money(doc.paidCents, doc.currency)}
              </td>
              <td className={`${list.cell} ${styles.amount}`}>
                {doc.cancelled || doc.type === "credit_note"
                  ? "—"
                  : w.money(doc.dueCents, doc.currency)}
              </td>
              <td
                className={`${list.cell} ${doc.state === "overdue" && !doc.cancelled ? styles.overdue : ""}`}
              >
                {stateText(doc, w)}
              </td>
              <td className={list.cell}>
                <a href={`${base}/documents/${doc.id}.pdf`} aria-label={w.pdfOf(title(doc))}>
                  PDF
                </a>
                {doc.type === "proforma" || doc.cancelled ? null : (
                  <>
                    {" · "}
                    <a href={`${base}/documents/${doc.id}.xml`} aria-label={w.ublOf(title(doc))}>
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
  const w = usePortalWords();
  const title = w.title;
  const payable = documents.filter((doc) => doc.qr);
  if (payable.length === 0) return null;
  return (
    <section aria-labelledby="portal-pay">
      <h2 id="portal-pay">{w.pay}</h2>
      <p>{w.scan}</p>
      <ul className={styles.payList}>
        {payable.map((doc) => (
          <li key={doc.id} className={styles.payItem}>
            {doc.qr ? (
              <svg
                className={styles.qr}
                viewBox={`-4 -4 ${doc.qr.size + 8} ${doc.qr.size + 8}`}
                role="img"
                aria-label={w.qrOf(title(doc))}
                shapeRendering="crispEdges"
              >
                <rect x={-4} y={-4} width={doc.qr.size + 8} height={doc.qr.size + 8} fill="#fff" />
                <path d={doc.qr.path} fill="#000" />
              </svg>
            ) : null}
            <p>
              <strong>{title(doc)}</strong>
              <br />
              {w.toPay}: {w.money(doc.dueCents, doc.currency)}
              {doc.dueDate ? (
                <>
                  {" "}
                  {w.until} {w.day(doc.dueDate)}
                </>
              ) : null}
              <br />
              {w.reference}: {title(doc)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
