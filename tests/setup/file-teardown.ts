import { afterAll } from "vitest";
import { closePdfPool, pdfQueueLoad } from "~/modules/pdf/pool.server";
import { settleAfterResponse } from "~/utils/later.server";

/*
 * The unit files share their worker's modules (vitest's `isolate: false`; decision 034 tried it
 * and reverted it, decision 062 brings it back with this file). Nothing a file started may live
 * on into the next file: after each file, the work it left after its answers settles, its PDFs
 * finish rendering (a render still queued when its file's database closed timed out later, in
 * another file) and the PDF threads stop with the options the file gave them.
 */
afterAll(async () => {
  await settleAfterResponse();
  const until = Date.now() + 30_000;
  for (;;) {
    const load = pdfQueueLoad();
    const busy = load.running + load.waiting + load.backgroundRunning + load.backgroundWaiting;
    if (!busy || Date.now() > until) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await closePdfPool();
}, 40_000);
