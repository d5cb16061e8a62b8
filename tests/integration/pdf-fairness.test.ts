import type { ServerBuild } from "@remix-run/node";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createDraft } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import {
  closePdfPool,
  configurePdfPool,
  pdfQueueLoad,
  renderInPool,
} from "~/modules/pdf/pool.server";
import type { PdfTask } from "~/modules/pdf/tasks";
import * as apiPdf from "~/routes/api.invoices.$id.pdf";
import * as pagePdf from "~/routes/invoice.$id.pdf";
import { guardBuild } from "~/utils/route-guard.server";
import { createCompanyWithClient } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

// why: render threads that finish only when the test says so, so the queue stays full for as
// long as the test needs without timings (a real thread would finish in tens of milliseconds).
const renders = vi.hoisted(() => [] as { task: PdfTask; finish(): void }[]);
vi.mock("piscina", () => ({
  Piscina: class {
    on() {}
    async destroy() {}
    run(task: PdfTask, { signal }: { signal: AbortSignal }) {
      return new Promise<Uint8Array>((resolve, reject) => {
        signal.addEventListener("abort", () => reject(signal.reason));
        renders.push({ task, finish: () => resolve(new TextEncoder().encode("%PDF-1.4 fake")) });
      });
    }
  },
}));

const getDb = setupTestDatabase();

afterAll(async () => {
  for (const render of renders) render.finish();
  await closePdfPool();
});

/** The loaders as the server runs them: wrapped by the route guard (guardBuild). */
function guarded(module: typeof pagePdf | typeof apiPdf) {
  const build = guardBuild({
    routes: { pdf: { id: "pdf", path: "", module } },
  } as unknown as ServerBuild);
  return build.routes.pdf!.module.loader as typeof pagePdf.loader;
}

async function customerWithDraft() {
  const me = await createCompanyWithClient(getDb());
  const session = await signInApi(getDb(), me.user);
  const id = await createDraft(
    getDb(),
    me.companyId,
    me.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-20",
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
    }),
  );
  return { ...me, ...session, id };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("PDF rendering shared fairly between companies", () => {
  it("a burst waits behind itself: 503 with Retry-After to that company and to all beyond the bound, another company's PDF goes next", async () => {
    configurePdfPool({ threads: 1, queueLimit: 2, companyQueueLimit: 1 });
    const busy = await customerWithDraft();
    const other = await customerWithDraft();
    const third = await customerWithDraft();

    // The busy company holds the only thread and has one PDF waiting: its own limit.
    const burst = [
      renderInPool(busy.companyId, { kind: "warmup" }),
      renderInPool(busy.companyId, { kind: "warmup" }),
    ];
    expect(renders).toHaveLength(1);

    const refused = await call(guarded(pagePdf), getDb(), `/invoice/${busy.id}/pdf`, {
      headers: { Cookie: busy.cookie },
      params: { id: busy.id },
    });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toBe(
      "Вашата фирма вече чака много PDF файлове. Опитайте отново, когато те са готови.",
    );

    // Another company is not refused: it waits, and takes the room's last place.
    const waiting = call(guarded(apiPdf), getDb(), `/api/invoices/${other.id}/pdf`, {
      headers: other.bearer,
      params: { id: other.id },
    });
    while (pdfQueueLoad().waiting < 2) await settle();

    // The room for all is full now: a third company gets 503 in Bulgarian JSON with Retry-After.
    const full = await call(guarded(apiPdf), getDb(), `/api/invoices/${third.id}/pdf`, {
      headers: third.bearer,
      params: { id: third.id },
    });
    expect(full.status).toBe(503);
    expect(Number(full.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await full.json()).toEqual({
      message: "Сървърът генерира много PDF файлове в момента. Опитайте отново след малко.",
    });

    // The busy company's render ends: the other company's PDF renders next, before the burst's.
    renders[0]!.finish();
    await burst[0];
    while (renders.length < 2) await settle();
    expect(renders[1]!.task.kind).toBe("document");
    renders[1]!.finish();
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");

    while (renders.length < 3) await settle();
    expect(renders[2]!.task.kind).toBe("warmup");
    renders[2]!.finish();
    await burst[1];
  });
});
