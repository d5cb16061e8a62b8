import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { closePdfPool, configurePdfPool, renderInPool } from "~/modules/pdf/pool.server";

/** The nice value of each thread of this process, from /proc (field 19 of proc(5)'s stat). */
function threadNiceValues(): number[] {
  return readdirSync("/proc/self/task").map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

afterAll(() => closePdfPool());

describe.skipIf(process.platform !== "linux")("the background's PDF threads on Linux", () => {
  it("render at the lowest priority (nice 19), people's threads and the web process at their own", async () => {
    await closePdfPool();
    configurePdfPool({ threads: 1 });
    const before = threadNiceValues().filter((nice) => nice === 19).length;
    const person = await renderInPool("c", { kind: "warmup" });
    expect(threadNiceValues().filter((nice) => nice === 19)).toHaveLength(before);
    const background = await renderInPool("c", { kind: "warmup" }, { background: true });
    expect(person.subarray(0, 5).toString()).toBe("%PDF-");
    expect(background.subarray(0, 5).toString()).toBe("%PDF-");
    expect(threadNiceValues().filter((nice) => nice === 19)).toHaveLength(before + 1);
    // The process (its main thread) keeps its priority.
    expect(threadNiceValues()[0]).toBe(0);
  });
});
