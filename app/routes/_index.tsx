import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PublicLayout } from "~/components/layout/public-layout";
import { planPriceText } from "~/components/subscriptions/plan-price";
import { ButtonLink } from "~/components/ui/button";
import { planPrices } from "~/modules/subscriptions/tax-invoices.server";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";
import * as styles from "./_index.css";

/**
 * The plans' prices, as the subscription page states them (issue #31 item 3). Whether they include
 * VAT is the operator's registration, read from the database; when the database cannot answer
 * the landing page still does, without the prices (the outage's rule: / needs no database).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    return json({ prices: await planPrices(context.db, context.config.billing.prices) });
  } catch (error) {
    // Whatever the database answers, the public page answers without the prices; a failure
    // that is not an outage is a fault and is logged.
    if (!isDatabaseUnavailable(error))
      console.error("GET / could not read the plans' prices:", error);
    return json({ prices: null });
  }
}

const FEATURES = [
  {
    title: "Фактури по закона",
    text: "Фактури, проформи, кредитни и дебитни известия с поредна 10-цифрена номерация без пропуски, ДДС по ставки, основание при нулев ДДС и сума словом.",
  },
  {
    title: "В евро и на английски",
    text: "Документи в евро от 1 януари 2026 г., PDF на български или английски, изпратен на клиента по имейл с един бутон.",
  },
  {
    title: "Клиенти и плащания",
    text: "Фирми, свободни професии, НПО и физически лица; проверка на ЕИК и ДДС номер; платени, частично платени и просрочени документи.",
  },
  {
    title: "Разходи",
    text: "Разходите на фирмата на едно място, с прикачени документи (план Стандартен).",
  },
  {
    title: "Заплати",
    text: "Месечни заплати с осигуровки и данък по българските правила (план Пълен).",
  },
  {
    title: "Табло и анализи",
    text: "Приходи, разходи и неплатени суми с един поглед; експорт за счетоводителя в CSV.",
  },
] as const;

const PLANS = [
  { key: "basic", name: "Основен", text: "Клиенти и фактури без ограничения." },
  { key: "standard", name: "Стандартен", text: "Всичко от Основен, плюс разходи." },
  { key: "full", name: "Пълен", text: "Всичко от Стандартен, плюс заплати и анализи." },
] as const;

export default function Landing() {
  const { prices } = useLoaderData<typeof loader>();
  return (
    <PublicLayout>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <h1 id="hero-title" className={styles.heroTitle}>
            Фактурирането и счетоводството на малкия бизнес — на едно място
          </h1>
          <p className={styles.lead}>
            Сметка е българско уеб приложение за фирми, свободни професии и неправителствени
            организации: издавате фактури, водите клиенти, разходи и заплати и следите бизнеса си от
            таблото.
          </p>
          <div className={styles.actions}>
            <ButtonLink to="/auth?tab=register" size="lg" tone="inverse">
              Създайте профил
            </ButtonLink>
            <ButtonLink to="/auth" size="lg" tone="outlineInverse">
              Вход в профила
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="features-title">
        <h2 id="features-title">Какво можете да правите</h2>
        <ul className={styles.grid}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={styles.card}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="plans-title">
        <h2 id="plans-title">Планове</h2>
        <ul className={styles.grid}>
          {PLANS.map((plan) => (
            <li key={plan.name} className={styles.card}>
              <h3>{plan.name}</h3>
              {plan.key === "basic" ? (
                <p className={styles.price}>Безплатен</p>
              ) : prices ? (
                <PlanPrice price={prices[plan.key]} />
              ) : (
                <p>Цената не може да бъде показана в момента — опитайте отново след малко.</p>
              )}
              <p>{plan.text}</p>
            </li>
          ))}
        </ul>
        <p className={styles.note}>
          Плащане с карта, включително с 3-D Secure. Планът може да се смени по всяко време.
        </p>
      </section>
    </PublicLayout>
  );
}

function PlanPrice({ price }: { price: Parameters<typeof planPriceText>[0] }) {
  const text = planPriceText(price);
  return (
    <p className={styles.price}>
      {text.main}
      <br />
      <small>{text.vat}</small>
    </p>
  );
}

export const meta: MetaFunction = () => [
  { title: "Сметка — фактуриране и счетоводство за малкия бизнес" },
  {
    name: "description",
    content:
      "Фактури в евро и на английски, клиенти, разходи и заплати за български фирми, свободни професии и НПО.",
  },
];
