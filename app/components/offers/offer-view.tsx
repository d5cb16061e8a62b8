import { Form, Link } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { Button } from "~/components/ui/button";
import * as list from "~/components/ui/list.css";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import {
  OFFER_BECOMES,
  OFFER_EXPIRED,
  OFFER_STATUSES,
  type OfferBecomesKey,
  type OfferStatusKey,
} from "~/modules/offers/constants";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/*
 * An offer's page parts (decision 077): its facts and lines, its files (the PDF and the delivery
 * documents), and what the company may do while it is open — record the client's answer given
 * another way, or withdraw it. Each action is its own native form (no JavaScript needed).
 */

export interface OfferPageView {
  id: string;
  number: string;
  clientName: string;
  issueDate: string;
  validUntil: string;
  status: OfferStatusKey;
  becomes: OfferBecomesKey;
  currency: string;
  netCents: number;
  vatCents: number;
  totalCents: number;
  documentId: string | null;
  documentType: keyof typeof DOCUMENT_TYPES | null;
  answerNote: string | null;
  expired: boolean;
  /** When and to whom the offer was last e-mailed (null: never). */
  sentAt: string | null;
  sentTo: string | null;
  clientEmails: string[];
  lines: { description: string; quantity: string; unit: string; netCents: number }[];
}

export const offerState = (offer: Pick<OfferPageView, "status" | "expired">) =>
  offer.expired ? OFFER_EXPIRED : OFFER_STATUSES[offer.status];

export function OfferFacts({ offer }: { offer: OfferPageView }) {
  return (
    <>
      <dl>
        <dt>Клиент</dt>
        <dd>{offer.clientName}</dd>
        <dt>Дата</dt>
        <dd>{formatDate(offer.issueDate)}</dd>
        <dt>Валидна до</dt>
        <dd>{formatDate(offer.validUntil)}</dd>
        <dt>Състояние</dt>
        <dd>{offerState(offer)}</dd>
        <dt>При приемане става</dt>
        <dd>{OFFER_BECOMES[offer.becomes]}</dd>
        {offer.answerNote ? (
          <>
            <dt>Бележка на клиента</dt>
            <dd>{offer.answerNote}</dd>
          </>
        ) : null}
      </dl>
      {offer.sentAt ? (
        <p>
          Изпратена на {formatDate(offer.sentAt)} до {offer.sentTo}
        </p>
      ) : null}
      {offer.documentId && offer.documentType ? (
        <p>
          Направен документ:{" "}
          <Link to={`/invoice/${offer.documentId}`}>{DOCUMENT_TYPES[offer.documentType]}</Link>
        </p>
      ) : null}
      <table className={list.table}>
        <caption>Редове</caption>
        <thead>
          <tr>
            <th scope="col" className={list.cell}>
              Описание
            </th>
            <th scope="col" className={list.cell}>
              Количество
            </th>
            <th scope="col" className={list.cell}>
              Стойност без ДДС
            </th>
          </tr>
        </thead>
        <tbody>
          {offer.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed, in their order
            <tr key={`${i}-${line.description}`}>
              <td className={list.cell}>{line.description}</td>
              <td className={list.cell}>
                {line.quantity.replace(/\.?0+$/, "").replace(".", ",")} {line.unit}
              </td>
              <td className={list.cell}>{formatMoney(line.netCents, offer.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Без ДДС: {formatMoney(offer.netCents, offer.currency)} · ДДС:{" "}
        {formatMoney(offer.vatCents, offer.currency)} ·{" "}
        <strong>Общо: {formatMoney(offer.totalCents, offer.currency)}</strong>
      </p>
    </>
  );
}

export function OfferFiles({ offer }: { offer: Pick<OfferPageView, "id"> }) {
  return (
    <section aria-labelledby="offer-files">
      <h2 id="offer-files">Файлове</h2>
      <ul>
        <li>
          <a href={`/offer/${offer.id}/pdf`} data-reload>
            PDF на офертата
          </a>
        </li>
        <li>
          <a href={`/offer/${offer.id}/delivery/protocol`} data-reload>
            Приемо-предавателен протокол (PDF)
          </a>
        </li>
        <li>
          <a href={`/offer/${offer.id}/delivery/receipt`} data-reload>
            Стокова разписка (PDF)
          </a>
        </li>
      </ul>
    </section>
  );
}

/** The company's actions on an open offer, each a native POST with its intent. */
export function OfferActions({ offer }: { offer: OfferPageView }) {
  if (offer.status !== "open") return null;
  return (
    <section aria-labelledby="offer-actions">
      <h2 id="offer-actions">Отговор на клиента</h2>
      <p>Клиентът отговаря в портала; ако е отговорил по друг начин, отбележете го тук.</p>
      <div style={{ display: "flex", gap: "0.5rem", flexWrap: "wrap" }}>
        {offer.expired ? null : (
          <Form method="post">
            <CompanyField />
            <input type="hidden" name="intent" value="accept" />
            <Button type="submit">
              Клиентът прие — направи {OFFER_BECOMES[offer.becomes].toLowerCase()}
            </Button>
          </Form>
        )}
        {offer.expired ? null : (
          <Form method="post">
            <CompanyField />
            <input type="hidden" name="intent" value="decline" />
            <Button type="submit" tone="secondary">
              Клиентът отказа
            </Button>
          </Form>
        )}
        <Form method="post">
          <CompanyField />
          <input type="hidden" name="intent" value="withdraw" />
          <Button type="submit" tone="secondary">
            Оттегли офертата
          </Button>
        </Form>
      </div>
    </section>
  );
}
