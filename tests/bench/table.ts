import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/*
 * The bench's summary (issue #17): every figure beside the baseline measured in the same run, with
 * the ratio and the goal it is held to. Parts record rows as they run; `printSummary` prints them
 * as one table at the end and writes test-results/bench.json for comparing runs.
 */

export interface BenchRow {
  /** The part of the bench: "ladder", "pdf", "js", "streams", "start", "modules". */
  part: string;
  /** What was measured, e.g. "GET /invoices, 10 clients". */
  measure: string;
  /** The app's figure, formatted with its unit ("1,234 req/s", "41 ms p95"). */
  app: string;
  /** The baseline it stands beside, formatted, with what it is ("(b) 1,500 req/s"). */
  baseline?: string;
  /** The ratio as the goal reads it, e.g. 0.83 for "(d)/(b)", 9.1 for "Chromium ÷ app". */
  ratio?: number;
  /** How the ratio reads: "(d)/(b)", "× faster", … */
  ratioLabel?: string;
  /** The goal in words, e.g. "≥ 0.7", "≤ 120 KB". */
  goal?: string;
  /** Whether the goal holds (undefined when there is no goal). */
  met?: boolean;
}

const rows: BenchRow[] = [];

export function record(row: BenchRow) {
  rows.push(row);
}

export function benchRows(): readonly BenchRow[] {
  return rows;
}

export function printSummary(root = process.cwd()) {
  if (rows.length === 0) return;
  const cells = rows.map((row) => [
    row.part,
    row.measure,
    row.app,
    row.baseline ?? "",
    row.ratio === undefined ? "" : `${row.ratio.toFixed(2)} ${row.ratioLabel ?? ""}`.trim(),
    row.goal ?? "",
    row.met === undefined ? "" : row.met ? "yes" : "NO",
  ]);
  const header = ["part", "measure", "app", "baseline", "ratio", "goal", "met"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  console.log("\nSummary: each figure beside its baseline from the same run");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const c of cells) console.log(line(c));
  const goals = rows.filter((row) => row.met !== undefined);
  console.log(`\n${goals.filter((row) => row.met).length} of ${goals.length} goals hold`);
  const out = path.join(root, "test-results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, "bench.json"),
    `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`,
  );
}

/** Formats a number with thousands separators (the bench prints for people). */
export function fmt(n: number, digits = 0) {
  return n.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}
