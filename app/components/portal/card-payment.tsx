import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { PAY_BY_CARD } from "~/modules/card-payments/constants";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import { formatMoney } from "~/utils/money";
import * as styles from "./portal.css";
import type { PortalDocumentView } from "./portal-documents";

/*
 * «Плати с карта» on the client portal (issue #47 item 3, decision 071): each document with an
 * amount due gets a native form posting to /portal/{token}/pay, which answers a redirect to
 * Stripe Checkout or the local provider's card page (a whole-page navigation, with or without
 * JavaScript); back on the portal, the payment's message. No company field: the client is signed
 * in nowhere, the link is the credential.
 */

export interface PortalCardView {
  takesCards: boolean;
  notice: { tone: "success" | "info" | "error"; text: string } | null;
}

/** Whether the client may pay a document by card now (the server checks the same again). */
const payable = (doc: PortalDocumentView) =>
  !doc.cancelled &&
  doc.type !== "credit_note" &&
  doc.dueCents > 0 &&
  doc.state !== "paid" &&
  doc.state !== "converted";

export function PortalCardPay({
  card,
  documents,
  base,
}: {
  card: PortalCardView;
  documents: PortalDocumentView[];
  /** /portal/{token} */
  base: string;
}) {
  const busy = useNavigation().state !== "idle";
  const open = card.takesCards ? documents.filter(payable) : [];
  return (
    <>
      {card.notice ? (
        <p role={card.notice.tone === "error" ? "alert" : "status"} className={styles.summary}>
          {card.notice.text}
        </p>
      ) : null}
      {open.length > 0 ? (
        <section aria-labelledby="portal-card">
          <h2 id="portal-card">Плащане с карта</h2>
          <ul className={styles.payList}>
            {open.map((doc) => {
              const name = `${DOCUMENT_TYPES[doc.type]} № ${doc.number}`;
              return (
                <li key={doc.id} id={`pay-${doc.id}`} className={styles.payItem}>
                  <span>
                    {name}: {formatMoney(doc.dueCents, doc.currency)}
                  </span>
                  <Form method="post" action={`${base}/pay`} reloadDocument>
                    <input type="hidden" name="documentId" value={doc.id} />
                    <Button type="submit" disabled={busy}>
                      {PAY_BY_CARD}
                      <span className="visually-hidden"> — {name}</span>
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}
