import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import * as page from "~/components/layout/page.css";
import { PlanGate } from "./plan-gate";

/** A gated page's view: the gate when the plan is below, the page otherwise. */
export function GatedPage({ title, children }: { title: string; children: ReactNode }) {
  const { locked, needed } = useLoaderData<{ locked: boolean; needed: "standard" | "full" }>();
  return (
    <div className={page.page}>
      {locked ? (
        <PlanGate needed={needed} />
      ) : (
        <>
          <h1>{title}</h1>
          {children}
        </>
      )}
    </div>
  );
}
