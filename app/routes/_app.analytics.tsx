import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PlanGate } from "~/components/subscriptions/plan-gate";
import { gatePage } from "~/modules/subscriptions/gate.server";
import * as page from "./_app.dashboard.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locked, needed } = await gatePage(request, context, "analytics");
  return json({ locked, needed }, { status: locked ? 403 : 200 });
}

export default function Gated() {
  const { locked, needed } = useLoaderData<typeof loader>();
  if (locked)
    return (
      <div className={page.page}>
        <PlanGate needed={needed} />
      </div>
    );
  return (
    <div className={page.page}>
      <h1>Анализи</h1>
      <p>Графиките и анализите предстоят.</p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Анализи | Сметка" }];
