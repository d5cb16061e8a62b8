import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GatedPage } from "~/components/subscriptions/gated-page";
import { gatedLoader } from "~/modules/subscriptions/gate.server";

export const loader = (args: LoaderFunctionArgs) => gatedLoader(args, "expenses");

export default function Page() {
  return (
    <GatedPage title="Разходи">
      <p>Тук ще водите разходите си с прикачени документи. Модулът предстои.</p>
    </GatedPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Разходи | Сметка" }];
