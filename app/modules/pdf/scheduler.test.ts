import { afterEach, describe, expect, it, vi } from "vitest";
import {
  FairScheduler,
  type FairSchedulerOptions,
  QueueFullError,
  RenderTimeoutError,
} from "./scheduler.server";

/** A renderer whose every render ends only when the test says so (no timings). */
function fakeRenderer() {
  const started: {
    task: string;
    signal: AbortSignal;
    finish(): void;
    fail(error: Error): void;
  }[] = [];
  const render = (task: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      // Like piscina: an aborted render rejects at once and frees its thread.
      signal.addEventListener("abort", () => reject(signal.reason));
      started.push({
        task,
        signal,
        finish: () => resolve(`pdf:${task}`),
        fail: reject,
      });
    });
  return { started, render, names: () => started.map((s) => s.task) };
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
    expect(pool.load).toEqual({ running: 1, waiting: 20 });

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
    expect(pool.load).toEqual({ running: 1, waiting: 3 });

    // A1 done: B1 renders (before A2), and a place in the room is free again for C.
    started[0]!.finish();
    await settle();
    expect(started.map((s) => s.task)).toEqual(["A1", "B1"]);
    const c = pool.run("C", "C1");
    expect(pool.load).toEqual({ running: 1, waiting: 3 });
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
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });
});
