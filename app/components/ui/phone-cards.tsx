import type { ReactNode } from "react";
import * as styles from "./phone-cards.css";

export { wideTable } from "./phone-cards.css";

export interface PhoneCard {
  key: string;
  /** The row's name: its document, its description. */
  title: ReactNode;
  fields: { label: string; value: ReactNode; numeric?: boolean }[];
}

/**
 * A table's rows as cards, for a phone (issue #41 item 6): each row stacked with its columns'
 * labels, so no column is cut off at 375 px. The page draws the table beside it inside
 * `wideTable`: CSS shows one of the two, and a screen reader reads only the one shown.
 */
export function PhoneCards({
  label,
  items,
  total,
}: {
  label: string;
  items: PhoneCard[];
  total?: PhoneCard;
}) {
  return (
    <>
      <h3 className={styles.cardsTitle}>{label}</h3>
      <ul className={styles.cards} aria-label={label}>
        {items.map((item) => (
          <li key={item.key} className={styles.card}>
            <Card card={item} />
          </li>
        ))}
        {total ? (
          <li className={styles.cardTotal}>
            <Card card={total} />
          </li>
        ) : null}
      </ul>
    </>
  );
}

function Card({ card }: { card: PhoneCard }) {
  return (
    <>
      <p className={styles.cardTitle}>{card.title}</p>
      <dl className={styles.fields}>
        {card.fields.map((field) => (
          <div key={field.label}>
            <dt>{field.label}</dt>
            <dd className={field.numeric ? styles.numeric : undefined}>{field.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
