/*
 * Pay by card (issue #47 item 3, decision 071): words and labels. Browser-safe: no zod.
 */

/** The button on the portal and the link in the document's e-mail. */
export const PAY_BY_CARD = "Плати с карта";

export const CARD_PAYMENT_MESSAGES = {
  notConnected: "Фирмата не приема плащания с карта",
  notPayable: "Този документ не може да се плати с карта: няма дължима сума",
  notFound: "Плащането не е намерено",
  alreadyConnected:
    "Плащанията с карта вече са свързани. Прекъснете връзката, за да смените ключа.",
  notConnectedYet: "Плащанията с карта не са свързани",
  keyRequired: "Въведете ограничен ключ от Stripe (rk_live_… или rk_test_…)",
  keyRestricted:
    "Въведете ограничен ключ (rk_…), не секретния ключ на акаунта: Сметка иска само нужните права",
  keyRefused: "Stripe не приема този ключ. Проверете го в Stripe → Developers → API keys.",
  keyPermissions:
    "Ключът няма нужните права: Checkout Sessions (запис), Webhook Endpoints (запис), PaymentIntents, Charges и Balance transactions (четене)",
  stripeDown: "Stripe не отговаря. Опитайте отново след малко.",
  localOnly: "Тестовият доставчик е наличен само на сървър без Stripe",
  localUnused:
    "Тестовият доставчик не се използва на този сървър: клиентите не виждат «Плати с карта». Прекъснете връзката и свържете собствен акаунт в Stripe.",
  keysUnreadable:
    "Ключът на Stripe не може да бъде прочетен (сменен е секретът на сървъра). Свържете плащанията с карта отново.",
  paid: "Плащането е получено. Благодарим ви!",
  processing: "Плащането се обработва. Ще се отрази тук до минута.",
  failed: "Плащането не е извършено. Можете да опитате отново.",
  cancelled: "Плащането е отказано. Не е взета сума от картата ви.",
  authenticate: "Банката ви иска потвърждение на плащането (3-D Secure).",
} as const;

export type CardProviderName = "stripe" | "local";

export const CARD_PROVIDER_LABELS: Record<CardProviderName, string> = {
  stripe: "Stripe (собствен акаунт на фирмата)",
  local: "Тестов доставчик (без Stripe)",
};

/** The supplier of a card fee's expense. */
export const STRIPE_SUPPLIER = "Stripe Payments Europe, Ltd.";
export const LOCAL_SUPPLIER = "Тестов доставчик на плащания с карта";
