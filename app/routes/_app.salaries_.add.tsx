import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GatedPage } from "~/components/subscriptions/gated-page";
import { gatedLoader } from "~/modules/subscriptions/gate.server";

export const loader = (args: LoaderFunctionArgs) => gatedLoader(args, "salaries");

export default function Page() {
  return (
    <GatedPage title="Нова заплата">
      <p>Модулът за заплати предстои.</p>
    </GatedPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Нова заплата | Сметка" }];
