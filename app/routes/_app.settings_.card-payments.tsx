import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  CARD_SETTINGS_FORMS,
  type CardAccountJson,
  ConnectCard,
  ConnectedCard,
} from "~/components/card-payments/settings-forms";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as styles from "~/components/layout/page.css";
import { actorOf } from "~/modules/auth/acts.server";
import {
  connectLocal,
  connectStripe,
  disconnectCard,
  getCardAccount,
  providerUsable,
} from "~/modules/card-payments/accounts.server";
import { takesCards } from "~/modules/card-payments/checkout.server";
import { CARD_PAYMENT_MESSAGES } from "~/modules/card-payments/constants";
import { cardConnectSchema } from "~/modules/card-payments/schema";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * /settings/card-payments (issue #47 item 3, decision 071): the owner connects the company's own
 * Stripe account (a restricted key, kept sealed) or, on a server without Stripe, the local
 * provider, and disconnects. The «billing» capability: the owner only, and read-only in the back
 * office's customer view (issue #43 item 1). Both acts go to the company's audit trail.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "billing");
  const account = await getCardAccount(context.db, user.companyId);
  return json({
    companyName: user.companyName,
    account: account
      ? ({ ...account, connectedAt: account.connectedAt.toISOString() } satisfies CardAccountJson)
      : null,
    // Connected but offering no card: why, for the owner (decision 071).
    unused:
      account && !(await takesCards(context.db, user.companyId, context.config))
        ? account.provider === "local"
          ? CARD_PAYMENT_MESSAGES.localUnused
          : CARD_PAYMENT_MESSAGES.keysUnreadable
        : null,
    webhookUrl: `${context.config.appUrl}/api/stripe/card-webhook/${user.companyId}`,
    localAllowed: providerUsable("local", context.config),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "billing");
  const values = typedValues(await request.formData());
  const actor = actorOf(user, context);
  const formId =
    values.intent === "connect-local"
      ? CARD_SETTINGS_FORMS.local
      : values.intent === "disconnect"
        ? CARD_SETTINGS_FORMS.disconnect
        : CARD_SETTINGS_FORMS.stripe;
  try {
    switch (values.intent) {
      case "connect-stripe": {
        const { data, refusal } = parseFormValues(formId, cardConnectSchema, values, ["secretKey"]);
        if (refusal) return refusal;
        await connectStripe(context.db, user.companyId, data, {
          serverSecret: context.config.sessionSecret,
          appUrl: context.config.appUrl,
          apiBase: context.config.billing.stripe?.apiBase,
          actor,
        });
        return redirectWithToast("/settings/card-payments", {
          title: "Плащанията с карта са свързани",
          description: "Клиентите вече виждат «Плати с карта» в портала.",
        });
      }
      case "connect-local": {
        await connectLocal(context.db, user.companyId, {
          server: context.config,
          actor,
        });
        return redirectWithToast("/settings/card-payments", {
          title: "Тестовият доставчик е свързан",
          description: "Клиентите могат да плащат с тестови карти.",
        });
      }
      case "disconnect": {
        await disconnectCard(context.db, user.companyId, {
          serverSecret: context.config.sessionSecret,
          apiBase: context.config.billing.stripe?.apiBase,
          actor,
        });
        return redirectWithToast("/settings/card-payments", {
          title: "Плащанията с карта са прекъснати",
          description: "Порталът вече не предлага «Плати с карта».",
        });
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(formId, error, values);
  }
}

export default function CardPaymentsSettings() {
  const { companyName, account, unused, webhookUrl, localAllowed } = useLoaderData<typeof loader>();
  const unknown = useFormAnswer("");
  return (
    <div className={styles.page}>
      <h1>Плащания с карта</h1>
      <FormError message={unknown?.formError} />
      <p>
        Фирма: <strong>{companyName}</strong>. Клиентите плащат с карта от портала за клиента, без
        профил в Сметка; 3-D Secure се иска от банката им.
      </p>
      {account ? (
        <ConnectedCard account={account} unused={unused} />
      ) : (
        <ConnectCard webhookUrl={webhookUrl} localAllowed={localAllowed} />
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Плащания с карта | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
