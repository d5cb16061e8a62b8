import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { CARD_PROVIDER_LABELS, type CardProviderName } from "~/modules/card-payments/constants";
import { formatDate } from "~/utils/dates";
import { useFormAnswer } from "~/utils/forms";

/*
 * /settings/card-payments (decision 071): connect the company's own Stripe account by a
 * restricted key, or the local provider on a server without Stripe; disconnect. Native forms.
 */

/** The form ids of the page's forms (the action answers each at its own form). */
export const CARD_SETTINGS_FORMS = {
  stripe: "card-payments-connect",
  local: "card-payments-local",
  disconnect: "card-payments-disconnect",
} as const;

export interface CardAccountJson {
  provider: CardProviderName;
  keyHint: string | null;
  connectedAt: string;
  connectedByName: string | null;
}

/**
 * What is connected, with «Прекъсни връзката»; `unused`: why it offers clients no card (the local
 * provider on a server with Stripe, keys that no longer open; decision 071).
 */
export function ConnectedCard({
  account,
  unused,
}: {
  account: CardAccountJson;
  unused: string | null;
}) {
  const answer = useFormAnswer(CARD_SETTINGS_FORMS.disconnect);
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="card-connected">
      <h2 id="card-connected">Свързано</h2>
      <p>
        {CARD_PROVIDER_LABELS[account.provider]}
        {account.keyHint ? `, ключ ${account.keyHint}` : ""}. Свързано на{" "}
        {formatDate(account.connectedAt)}
        {account.connectedByName ? ` от ${account.connectedByName}` : ""}
      </p>
      {unused ? (
        <p role="alert">{unused}</p>
      ) : (
        <p>
          Клиентите виждат «Плати с карта» в портала и в имейла на всеки документ с дължима сума.
          Плащането се записва по документа автоматично, а таксата — като разход, когато фирмата
          води разходи.
        </p>
      )}
      <Form method="post">
        <CompanyField />
        <FormError message={answer?.formError} />
        <Button type="submit" name="intent" value="disconnect" tone="secondary" disabled={busy}>
          Прекъсни връзката
        </Button>
      </Form>
    </section>
  );
}

/** Connecting: the restricted key form, and the local provider where there is no Stripe. */
export function ConnectCard({
  webhookUrl,
  localAllowed,
}: {
  webhookUrl: string;
  localAllowed: boolean;
}) {
  const stripe = useFormAnswer(CARD_SETTINGS_FORMS.stripe);
  const local = useFormAnswer(CARD_SETTINGS_FORMS.local);
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <section aria-labelledby="card-stripe">
        <h2 id="card-stripe">Собствен акаунт в Stripe</h2>
        <p>
          Парите от картите отиват направо във вашия акаунт в Stripe; Сметка не ги държи. В Stripe →
          Developers → API keys създайте ограничен ключ (restricted key) с права: Checkout Sessions
          — запис; Webhook Endpoints — запис; PaymentIntents, Charges и Balance transactions —
          четене. Сметка ще създаде в акаунта ви адреса за известия {webhookUrl} и пази ключа
          шифриран.
        </p>
        <Form method="post">
          <CompanyField />
          <FormError message={stripe?.formError} />
          <FormField
            name="secretKey"
            label="Ограничен ключ от Stripe"
            type="password"
            autoComplete="off"
            placeholder="rk_live_…"
            error={stripe?.fieldErrors.secretKey}
            required
          />
          <Button type="submit" name="intent" value="connect-stripe" disabled={busy}>
            Свържи Stripe
          </Button>
        </Form>
      </section>
      {localAllowed ? (
        <section aria-labelledby="card-local">
          <h2 id="card-local">Тестов доставчик</h2>
          <p>
            Сървърът работи без Stripe: за демонстрация клиентите могат да «платят» с тестови карти,
            а плащането се записва по документа както при Stripe.
          </p>
          <Form method="post">
            <CompanyField />
            <FormError message={local?.formError} />
            <Button
              type="submit"
              name="intent"
              value="connect-local"
              tone="secondary"
              disabled={busy}
            >
              Свържи тестовия доставчик
            </Button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
