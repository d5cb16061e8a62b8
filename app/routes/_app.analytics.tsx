import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GatedPage } from "~/components/subscriptions/gated-page";
import { gatedLoader } from "~/modules/subscriptions/gate.server";

export const loader = (args: LoaderFunctionArgs) => gatedLoader(args, "analytics");

export default function Page() {
  return (
    <GatedPage title="Анализи">
      <p>Графиките и анализите предстоят.</p>
    </GatedPage>
  );
}

export const meta: MetaFunction = () => [{ title: "Анализи | Сметка" }];
