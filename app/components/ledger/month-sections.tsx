import { Link } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import { type MonthSection, STATE_LABELS } from "~/modules/month-end/constants";

/** One part of the month-end (documents, VAT, payroll, bank, books): its state, what to fix, links. */
export function MonthSectionCard({ section }: { section: MonthSection }) {
  const id = `section-${section.key}`;
  return (
    <section
      aria-labelledby={id}
      className={section.state === "attention" ? page.warning : page.card}
    >
      <h3 id={id} className={page.cardTitle}>
        {section.title}:{" "}
        <span className={section.state === "ready" ? page.done : undefined}>
          {STATE_LABELS[section.state]}
        </span>
      </h3>
      <p>{section.summary}</p>
      {section.items.length > 0 && (
        <ul className={page.list}>
          {section.items.map((item, i) => (
            // Items may repeat a link (two problems of one document): the index keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list read once
            <li key={`${item.href} ${i}`}>
              <Link to={item.href}>{item.what}</Link>: {item.message}
            </li>
          ))}
        </ul>
      )}
      {section.links.length > 0 && (
        <p>
          {section.links.map((link, i) => (
            <span key={link.href}>
              {i > 0 && " · "}
              <Link to={link.href}>{link.label}</Link>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
