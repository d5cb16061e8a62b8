import type { ServerBuild } from "@remix-run/node";
import { afterAll, describe, expect, it, vi } from "vitest";
import { issueDocument } from "~/modules/invoices/documents.server";
import { storeDocumentPdf } from "~/modules/invoices/render.server";
import { closePdfPool, configurePdfPool, pdfQueueLoad } from "~/modules/pdf/pool.server";
import type { PdfTask } from "~/modules/pdf/tasks";
import * as pagePdf from "~/routes/invoice.$id.pdf";
import { requestBegan } from "~/utils/activity.server";
import { guardBuild } from "~/utils/route-guard.server";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

// why: render threads that finish only when the test says so, each knowing its pool's lane
// (people's or the background's), so the test sees what waits where without timings.
const renders = vi.hoisted(
  () => [] as { task: PdfTask; lane: string; finish(): void; done: boolean }[],
);
vi.mock("piscina", () => ({
  Piscina: class {
    lane: string;
    constructor(options: { workerData?: { lane?: string } }) {
      this.lane = options.workerData?.lane ?? "?";
    }
    on() {}
    async destroy() {}
    run(task: PdfTask, { signal }: { signal: AbortSignal }) {
      return new Promise<Uint8Array>((resolve, reject) => {
        signal.addEventListener("abort", () => reject(signal.reason));
        const render = {
          task,
          lane: this.lane,
          done: false,
          finish: () => {
            render.done = true;
            resolve(new TextEncoder().encode(`%PDF-1.4 ${this.lane}`));
          },
        };
        renders.push(render);
      });
    }
  },
}));

const getDb = setupTestDatabase();

afterAll(async () => {
  for (const render of renders) render.finish();
  await closePdfPool();
});

const LINES = {
  lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
};
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
async function until(condition: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400 && !(await condition()); i++) await settle();
  expect(await condition()).toBe(true);
}
const numberOf = (render: { task: PdfTask }) =>
  render.task.kind === "document" ? render.task.model.number : null;

describe("the PDFs stored after issuing yield to people (issue #43, item 9)", () => {
  it("render in the background lane, one at a time while a request is in flight; a download moves its own ahead; the rest follow when quiet", async () => {
    await closePdfPool();
    configurePdfPool({ threads: 1 });
    const me = await createCompanyWithClient(getDb());
    const numbers: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await createTestDraft(getDb(), me, LINES);
      const issued = await issueDocument(getDb(), me.companyId, id);
      ids.push(id);
      numbers.push(`№ ${issued.number}`);
    }
    const stored = async () =>
      (await getDb().selectFrom("documentPdfs").select("documentId").execute()).length;

    // A person's request is in flight while the issuing's three jobs run.
    const ended = requestBegan();
    const jobs = ids.map((documentId) =>
      storeDocumentPdf(getDb(), { companyId: me.companyId, documentId }),
    );
    await until(() => pdfQueueLoad().backgroundWaiting === 2);
    // The three jobs read their documents at once: whichever reached the scheduler first renders.
    expect(renders).toHaveLength(1);
    expect(renders[0]!.lane).toBe("background");
    expect(pdfQueueLoad()).toMatchObject({ backgroundRunning: 1, running: 0, waiting: 0 });
    const first = numbers.indexOf(String(numberOf(renders[0]!)));
    const [asked, last] = [0, 1, 2].filter((i) => i !== first) as [number, number];

    // A waiting document's PDF is asked for: it leaves the background and renders in people's
    // thread at once, ahead of the other one waiting.
    const session = await signInApi(getDb(), me.user);
    const download = call(guardBuild_(pagePdf), getDb(), `/invoice/${ids[asked]}/pdf`, {
      headers: { Cookie: session.cookie },
      params: { id: ids[asked]! },
    });
    await until(() => renders.length === 2);
    expect(renders.map((r) => [r.lane, numberOf(r)])).toEqual([
      ["background", numbers[first]],
      ["person", numbers[asked]],
    ]);
    renders[1]!.finish();
    const answer = await download;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("%PDF-1.4 person");

    // Still busy: the last takes the background's one thread once it is free, not before.
    expect(renders).toHaveLength(2);
    renders[0]!.finish();
    await until(() => renders.length === 3);
    expect(renders.map((r) => numberOf(r))).toEqual([
      numbers[first],
      numbers[asked],
      numbers[last],
    ]);
    expect(renders[2]!.lane).toBe("background");
    renders[2]!.finish();
    ended();
    await Promise.all(jobs);
    expect(await stored()).toBe(3);
  });

  it("without people's requests, the job's render starts at once in the background", async () => {
    await closePdfPool();
    renders.length = 0;
    configurePdfPool({ threads: 1 });
    const me = await createCompanyWithClient(getDb());
    const id = await createTestDraft(getDb(), me, LINES);
    await issueDocument(getDb(), me.companyId, id);
    const job = storeDocumentPdf(getDb(), { companyId: me.companyId, documentId: id });
    await until(() => renders.length === 1);
    expect(renders[0]!.lane).toBe("background");
    renders[0]!.finish();
    await job;
    const row = await getDb()
      .selectFrom("documentPdfs")
      .select("data")
      .where("documentId", "=", id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.data).toString()).toBe("%PDF-1.4 background");
  });
});

/** The loader as the server runs it: wrapped by the route guard (guardBuild). */
function guardBuild_(module: typeof pagePdf) {
  const build = guardBuild({
    routes: { pdf: { id: "pdf", path: "", module } },
  } as unknown as ServerBuild);
  return build.routes.pdf!.module.loader as typeof pagePdf.loader;
}
