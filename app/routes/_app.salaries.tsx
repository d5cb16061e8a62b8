import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GatedPage } from "~/components/subscriptions/gated-page";
import { gatedLoader } from "~/modules/subscriptions/gate.server";

export const loader = (args: LoaderFunctionArgs) => gatedLoader(args, "salaries");

export default function Page() {
  return (
    <GatedPage title="Заплати">
      <p>Тук ще изчислявате заплатите и осигуровките. Модулът предстои.</p>
    </GatedPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Заплати | Сметка" }];
