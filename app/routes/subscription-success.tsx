import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CenteredCard } from "~/components/layout/centered-card";
import { ButtonLink } from "~/components/ui/button";
import { PLAN_NAMES } from "~/modules/subscriptions/plans";
import { getSubscription } from "~/modules/subscriptions/state.server";
import { getUser } from "~/web/auth/guards.server";

/** /subscription-success — where a completed payment lands (public: Stripe may return here). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const sub = user?.companyId ? await getSubscription(context.db, user.companyId) : null;
  return json({
    plan: sub ? PLAN_NAMES[sub.plan] : null,
    marketingUrl: context.config.marketingUrl,
  });
}

export default function SubscriptionSuccess() {
  const { plan, marketingUrl } = useLoaderData<typeof loader>();
  return (
    <CenteredCard title="Абонаментът е активиран" marketingUrl={marketingUrl}>
      <p role="status">
        {plan ? `Вашият план е ${plan}. ` : ""}Благодарим ви! Новите възможности са достъпни
        веднага.
      </p>
      <ButtonLink to="/dashboard">Към таблото</ButtonLink>
      <p>
        <Link to="/settings/subscription">Управление на абонамента</Link>
      </p>
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Абонаментът е активиран | Сметка" }];
