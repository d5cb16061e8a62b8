import { Button } from "~/components/ui/button";
import * as list from "~/components/ui/list.css";
import {
  OFFER_BECOMES,
  OFFER_EXPIRED,
  OFFER_STATUSES,
  type OfferBecomesKey,
  type OfferStatusKey,
  type PortalOfferAnswer,
} from "~/modules/offers/constants";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import * as styles from "./portal.css";

/*
 * The link's client's offers in the portal (issue #48 item 1, decision 077): each open one with
 * «Приемам» and «Отказвам» — a plain POST that works without JavaScript, the link's token its
 * only credential. An answered, expired or withdrawn offer shows how it ended.
 */

export interface PortalOfferView {
  id: string;
  number: string;
  issueDate: string;
  validUntil: string;
  status: OfferStatusKey;
  becomes: OfferBecomesKey;
  currency: string;
  totalCents: number;
  expired: boolean;
}

const ANSWERS: Record<PortalOfferAnswer, string> = {
  accepted: "Офертата е приета. Благодарим! Фирмата ще ви изпрати документа за плащане.",
  declined: "Офертата е отказана. Благодарим за отговора.",
};

const stateOf = (offer: PortalOfferView) =>
  offer.expired
    ? OFFER_EXPIRED
    : offer.status === "open"
      ? "Очаква отговор"
      : OFFER_STATUSES[offer.status];

export function PortalOffers({
  offers,
  base,
  answer,
}: {
  offers: PortalOfferView[];
  /** /portal/{token}: the offers' PDFs and answers are under it. */
  base: string;
  answer: PortalOfferAnswer | null;
}) {
  if (offers.length === 0 && !answer) return null;
  return (
    <section aria-labelledby="portal-offers" id="offers">
      <h2 id="portal-offers">Оферти</h2>
      {answer ? <p role="status">{ANSWERS[answer]}</p> : null}
      <ul className={styles.payList}>
        {offers.map((offer) => {
          const title = `Оферта № ${offer.number}`;
          const open = offer.status === "open" && !offer.expired;
          return (
            <li key={offer.id} id={`offer-${offer.id}`} className={styles.summary}>
              <h3>{title}</h3>
              <table className={list.table}>
                <tbody>
                  <tr>
                    <th scope="row" className={list.cell}>
                      Дата
                    </th>
                    <td className={list.cell}>{formatDate(offer.issueDate)}</td>
                  </tr>
                  <tr>
                    <th scope="row" className={list.cell}>
                      Валидна до
                    </th>
                    <td className={list.cell}>{formatDate(offer.validUntil)}</td>
                  </tr>
                  <tr>
                    <th scope="row" className={list.cell}>
                      Обща стойност
                    </th>
                    <td className={list.cell}>{formatMoney(offer.totalCents, offer.currency)}</td>
                  </tr>
                  <tr>
                    <th scope="row" className={list.cell}>
                      Състояние
                    </th>
                    <td className={list.cell}>{stateOf(offer)}</td>
                  </tr>
                </tbody>
              </table>
              <p>
                <a href={`${base}/offers/${offer.id}/pdf`} aria-label={`PDF на ${title}`}>
                  PDF на офертата
                </a>
              </p>
              {open ? (
                <form method="post" action={`${base}/offers/${offer.id}/answer`}>
                  <p>
                    При приемане фирмата ще ви издаде документ за плащане (
                    {OFFER_BECOMES[offer.becomes].toLowerCase()}).
                  </p>
                  <label htmlFor={`note-${offer.id}`}>Бележка към фирмата (по желание)</label>
                  <br />
                  <textarea
                    id={`note-${offer.id}`}
                    name="note"
                    rows={2}
                    maxLength={500}
                    cols={40}
                  />
                  <p style={{ display: "flex", gap: "0.5rem" }}>
                    <Button type="submit" name="answer" value="accept">
                      Приемам
                    </Button>
                    <Button type="submit" name="answer" value="decline" tone="secondary">
                      Отказвам
                    </Button>
                  </p>
                </form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
