import { performance } from "node:perf_hooks";

/*
 * People's requests in flight on this instance: background work (the PDFs stored for later)
 * looks here and yields while someone waits for an answer. Streams that stay open (the events'
 * SSE) are not counted: they wait for nothing. A request counts for a short while after it ends
 * too, so that a person's next click, a moment later, does not find a busy thread.
 */

let inFlight = 0;
let lastEnded = Number.NEGATIVE_INFINITY;

/** How long after the last request the instance counts as quiet, ms. */
export const QUIET_AFTER_MS = 150;

/** A person's request began; call what it returns once when it ends (twice does nothing). */
export function requestBegan(): () => void {
  inFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight--;
    lastEnded = performance.now();
  };
}

/** Whether people's requests are in flight now, or ended a moment ago. */
export function peopleAreWaiting(): boolean {
  return inFlight > 0 || performance.now() - lastEnded < QUIET_AFTER_MS;
}
