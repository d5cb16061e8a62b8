import { afterEach, describe, expect, it, vi } from "vitest";
import {
  FairScheduler,
  type FairSchedulerOptions,
  type Lane,
  QueueFullError,
  RenderTimeoutError,
} from "./scheduler.server";

/** A renderer whose every render ends only when the test says so (no timings). */
function fakeRenderer() {
  const started: {
    task: string;
    signal: AbortSignal;
    lane: Lane;
    finish(): void;
    fail(error: Error): void;
  }[] = [];
  const render = (task: string, signal: AbortSignal, lane: Lane) =>
    new Promise<string>((resolve, reject) => {
      // Like piscina: an aborted render rejects at once and frees its thread.
      signal.addEventListener("abort", () => reject(signal.reason));
      started.push({
        task,
        signal,
        lane,
        finish: () => resolve(`pdf:${task}`),
        fail: reject,
      });
    });
  return {
    started,
    render,
    names: () => started.map((s) => s.task),
    /** What started in each lane, in order. */
    lanes: () => started.map((s) => `${s.lane === "person" ? "" : "bg:"}${s.task}`),
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function scheduler(options: Partial<FairSchedulerOptions> = {}) {
  const renderer = fakeRenderer();
  const pool = new FairScheduler(renderer.render, {
    slots: 1,
    perTenant: 1,
    queueLimit: 100,
    tenantQueueLimit: 20,
    timeoutMs: 20_000,
    ...options,
  });
  return { ...renderer, pool };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the PDF pool's fair scheduler", () => {
  it("serves another company's one PDF right after the current render, not after a burst", async () => {
    const { pool, started, names } = scheduler();
    const burst = Array.from({ length: 20 }, (_, i) => pool.run("A", `A${i + 1}`));
    const single = pool.run("B", "B1");
    expect(names()).toEqual(["A1"]);
    expect(pool.load).toMatchObject({ running: 1, waiting: 20 });

    started[0]!.finish();
    await settle();
    expect(names()).toEqual(["A1", "B1"]);
    started[1]!.finish();
    await expect(single).resolves.toBe("pdf:B1");
    await settle();
    expect(names()).toEqual(["A1", "B1", "A2"]);

    // The rest of A's burst, in its own order.
    for (let i = 2; i < 21; i++) {
      started[i]!.finish();
      await settle();
    }
    expect(await Promise.all(burst)).toEqual(Array.from({ length: 20 }, (_, i) => `pdf:A${i + 1}`));
    expect(names().slice(2)).toEqual(Array.from({ length: 19 }, (_, i) => `A${i + 2}`));
  });

  it("takes turns between busy companies and keeps a thread for others (at most half each)", async () => {
    const { pool, started, names } = scheduler({ slots: 4, perTenant: 2 });
    for (let i = 1; i <= 5; i++) void pool.run("A", `A${i}`);
    expect(names()).toEqual(["A1", "A2"]);
    for (let i = 1; i <= 3; i++) void pool.run("B", `B${i}`);
    void pool.run("C", "C1");
    expect(names()).toEqual(["A1", "A2", "B1", "B2"]);
    started[0]!.finish();
    await settle();
    // C, who has waited without a turn, before A's third and B's third.
    expect(names().at(-1)).toBe("C1");
    started[2]!.finish();
    await settle();
    started[1]!.finish();
    await settle();
    expect(names().slice(5)).toEqual(["A3", "B3"]);
  });

  it("refuses beyond a company's waiting limit, and beyond the limit for all, with a retry time", async () => {
    const { pool, started } = scheduler({ queueLimit: 3, tenantQueueLimit: 2 });
    const a = [pool.run("A", "A1"), pool.run("A", "A2"), pool.run("A", "A3")];
    const refused = await pool.run("A", "A4").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect(refused).toMatchObject({ scope: "tenant" });
    expect((refused as QueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as QueueFullError).retryAfterSeconds).toBeLessThanOrEqual(60);

    // B may still wait: the room for all has one place left, then it is full.
    const b = pool.run("B", "B1");
    const full = await pool.run("C", "C1").catch((error: unknown) => error);
    expect(full).toBeInstanceOf(QueueFullError);
    expect(full).toMatchObject({ scope: "all" });
    expect(pool.load).toMatchObject({ running: 1, waiting: 3 });

    // A1 done: B1 renders (before A2), and a place in the room is free again for C.
    started[0]!.finish();
    await settle();
    expect(started.map((s) => s.task)).toEqual(["A1", "B1"]);
    const c = pool.run("C", "C1");
    expect(pool.load).toMatchObject({ running: 1, waiting: 3 });
    for (let i = 1; i < 5; i++) {
      started[i]!.finish();
      await settle();
    }
    await Promise.all([...a, b, c]);
    expect(started.map((s) => s.task)).toEqual(["A1", "B1", "A2", "C1", "A3"]);
  });

  it("counts the time limit from the hand-over to a thread, not from the queue", async () => {
    vi.useFakeTimers();
    const { pool, started, names } = scheduler({ timeoutMs: 20_000 });
    const first = pool.run("A", "A1").catch((error: unknown) => error);
    const second = pool.run("B", "B1");

    // A1 renders for 15 s, then finishes: B1 has waited 15 s but has not started its clock.
    await vi.advanceTimersByTimeAsync(15_000);
    started[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toBe("pdf:A1");
    expect(names()).toEqual(["A1", "B1"]);

    // B1 renders 19 s (34 s after it was queued): still inside its 20 s.
    await vi.advanceTimersByTimeAsync(19_000);
    expect(started[1]!.signal.aborted).toBe(false);
    started[1]!.finish();
    await expect(second).resolves.toBe("pdf:B1");
  });

  it("stops a render that overruns, answers the timeout, and gives the thread to the next", async () => {
    vi.useFakeTimers();
    const { pool, started, names } = scheduler({ timeoutMs: 20_000 });
    const slow = pool.run("A", "A1").catch((error: unknown) => error);
    const next = pool.run("B", "B1");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await slow).toBeInstanceOf(RenderTimeoutError);
    expect(started[0]!.signal.aborted).toBe(true);
    expect(names()).toEqual(["A1", "B1"]);
    started[1]!.finish();
    await expect(next).resolves.toBe("pdf:B1");
  });

  it("a failed render fails its caller only, and frees its thread", async () => {
    const { pool, started } = scheduler();
    const broken = pool.run("A", "A1").catch((error: unknown) => (error as Error).message);
    const fine = pool.run("A", "A2");
    started[0]!.fail(new Error("font missing"));
    expect(await broken).toBe("font missing");
    await settle();
    started[1]!.finish();
    await expect(fine).resolves.toBe("pdf:A2");
    expect(pool.load).toEqual({
      running: 0,
      waiting: 0,
      backgroundRunning: 0,
      backgroundWaiting: 0,
    });
  });
});

describe("the background lane: PDFs stored for later yield to people", () => {
  it("uses one thread while people's requests are in flight and all of its threads when quiet", async () => {
    vi.useFakeTimers();
    let busy = true;
    const { pool, started, lanes } = scheduler({
      slots: 1,
      backgroundSlots: 3,
      backgroundWhileBusy: 1,
      busy: () => busy,
      recheckMs: 100,
    });
    const stored = ["A1", "A2", "B1", "C1"].map((task) =>
      pool.run(task[0]!, task, { background: true }),
    );
    expect(lanes()).toEqual(["bg:A1"]);
    expect(pool.load).toMatchObject({ backgroundRunning: 1, backgroundWaiting: 3 });

    // A person's PDF starts at once in people's thread, before any other background task.
    const person = pool.run("D", "D1");
    expect(lanes()).toEqual(["bg:A1", "D1"]);
    started[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    // Still busy: the next background task, B's (A had its turn), and only one.
    expect(lanes()).toEqual(["bg:A1", "D1", "bg:B1"]);

    // The requests end: at the next look, three background threads.
    busy = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(lanes()).toEqual(["bg:A1", "D1", "bg:B1", "bg:C1", "bg:A2"]);
    for (const s of started.slice(1)) s.finish();
    expect(await Promise.all([person, ...stored])).toEqual([
      "pdf:D1",
      "pdf:A1",
      "pdf:A2",
      "pdf:B1",
      "pdf:C1",
    ]);
  });

  it("holds background work while a person's task waits for a thread, even when the requests are quiet", async () => {
    const { pool, started, lanes } = scheduler({ slots: 1, backgroundSlots: 2 });
    void pool.run("A", "A1");
    void pool.run("B", "B1");
    void pool.run("C", "C1", { background: true });
    // B1 waits for people's thread: the machine is not quiet, one background thread at most.
    expect(lanes()).toEqual(["A1", "bg:C1"]);
    void pool.run("C", "C2", { background: true });
    expect(lanes()).toEqual(["A1", "bg:C1"]);
    started[0]!.finish();
    await settle();
    // B1 took people's thread; nobody waits now, so C2 gets the second background thread.
    expect(lanes()).toEqual(["A1", "bg:C1", "B1", "bg:C2"]);
  });

  it("a person asking for a PDF still waiting in the background moves it to people's lane", async () => {
    const { pool, lanes } = scheduler({ busy: () => true, backgroundWhileBusy: 1 });
    void pool.run("A", "A1", { background: true, key: "doc-1" });
    const wanted = pool.run("A", "A2", { background: true, key: "doc-2" });
    expect(lanes()).toEqual(["bg:A1"]);
    expect(pool.promote("doc-1")).toBe(false); // rendering already
    expect(pool.promote("doc-2")).toBe(true);
    expect(lanes()).toEqual(["bg:A1", "A2"]);
    expect(pool.load).toMatchObject({ running: 1, backgroundRunning: 1, backgroundWaiting: 0 });
    expect(pool.promote("doc-2")).toBe(false);
    void wanted;
  });

  it("bounds the background's waiting room, and a timeout frees its thread", async () => {
    vi.useFakeTimers();
    const { pool, started, lanes } = scheduler({
      backgroundQueueLimit: 1,
      backgroundWhileBusy: 1,
      busy: () => true,
      timeoutMs: 1_000,
    });
    const slow = pool.run("A", "A1", { background: true }).catch((error: unknown) => error);
    const next = pool.run("A", "A2", { background: true });
    const refused = await pool
      .run("B", "B1", { background: true })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await slow).toBeInstanceOf(RenderTimeoutError);
    await vi.advanceTimersByTimeAsync(100);
    expect(lanes()).toEqual(["bg:A1", "bg:A2"]);
    started[1]!.finish();
    await expect(next).resolves.toBe("pdf:A2");
  });
});
