import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { Kysely } from "kysely";
import type { SessionUser } from "~/modules/auth/session.server";
import { formatDate } from "~/utils/dates";
import type { Database } from "~db/types";
import type { FundTotals, MonthDeclaration } from "./declaration.server";
import { type Form1Record, form1Fields } from "./layout";
import type { Form6Block, Form6Record } from "./layout-form6";

/*
 * Corrections and the history of deliveries (issue #27 item 4, decision 024 «Corrections»).
 * Every generation/download is a row of nap_declaration_deliveries with the per-person обр. 1
 * records and the обр. 6 columns delivered (the full state of the month, not the file's lines).
 * When the month differs from the last delivery, the files carry only what changed:
 * обр. 1 — a changed person as К (all items resent), a person no longer declared as З (identity
 * only), a new one as an original; обр. 6 — per column, an increase as код 0 with the positive
 * difference, any decrease as код 1 with the column's right amounts.
 * A correction delivered is recorded with the delivery it corrects (base), so downloading it
 * again gives the same correcting lines, not the regular files of a month already declared.
 * The person may instead ask for the regular files (the earlier ones were never filed).
 */

type Db = Kysely<Database>;

/** обр. 1 т. 1 in the file (decision 024 «Corrections»): 0 original, 1 К, 2 З. */
export const RECORD_TYPE = { original: 0, correction: 1, deletion: 2 } as const;

export interface DeliverySnapshot {
  persons: { name: string; record: Form1Record }[];
  form6: { paymentType: number; funds: FundTotals }[];
}

export interface Delivery {
  id: string;
  /** The delivery these files corrected; null for regular files. */
  baseId: string | null;
  file: "zip" | "1" | "6";
  createdAt: Date;
  user: string;
  impersonator: string | null;
  sha256: string;
  snapshot: DeliverySnapshot;
}

const blockFunds = (b: Form6Block): FundTotals => ({
  dooCents: b.dooCents,
  upfCents: b.upfCents,
  zoCents: b.zoCents,
  gvrsCents: b.gvrsCents,
  taxCents: b.taxCents,
});

const NO_FUNDS: FundTotals = { dooCents: 0, upfCents: 0, zoCents: 0, gvrsCents: 0, taxCents: 0 };

export function snapshotOf(d: MonthDeclaration): DeliverySnapshot {
  return {
    persons: d.persons.map((p) => ({ name: p.name, record: p.record })),
    form6: (d.form6?.blocks ?? []).map((b) => ({
      paymentType: b.paymentType,
      funds: blockFunds(b),
    })),
  };
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The month's deliveries, newest first, with who made them. */
export async function deliveries(db: Db, companyId: string, month: string): Promise<Delivery[]> {
  const rows = await db
    .selectFrom("napDeclarationDeliveries as d")
    .leftJoin("users as u", "u.id", "d.userId")
    .leftJoin("users as a", "a.id", "d.impersonatorId")
    .select([
      "d.id",
      "d.baseId",
      "d.file",
      "d.createdAt",
      "d.sha256",
      "d.snapshot",
      "u.email as user",
      "a.email as impersonator",
    ])
    .where("d.companyId", "=", companyId)
    .where("d.month", "=", month)
    .orderBy("d.createdAt", "desc")
    .orderBy("d.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    baseId: r.baseId,
    file: r.file,
    createdAt: new Date(r.createdAt),
    user: r.user ?? "—",
    impersonator: r.impersonator ?? null,
    sha256: r.sha256,
    snapshot: r.snapshot as unknown as DeliverySnapshot,
  }));
}

export async function recordDelivery(
  db: Db,
  d: MonthDeclaration,
  file: "zip" | "1" | "6",
  bytes: Uint8Array,
  user: Pick<SessionUser, "id" | "impersonator">,
  base: Delivery | null,
) {
  await db
    .insertInto("napDeclarationDeliveries")
    .values({
      companyId: d.company.id,
      month: d.month,
      file,
      userId: user.id,
      impersonatorId: user.impersonator?.id ?? null,
      sha256: sha256(bytes),
      snapshot: JSON.stringify(snapshotOf(d)),
      baseId: base?.id ?? null,
    })
    .execute();
}

/** A person's record is the same record while т. 2–5.1 are (К cannot change them: З and a new one). */
const key = (r: Form1Record) => `${r.year}-${r.month}:${r.eik}:${r.idCode}:${r.idNumber}`;
/** Equal in value: a snapshot read back from jsonb has its keys in another order. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

export interface Correction {
  /** The last delivery the month is compared with. */
  since: Date;
  /** обр. 1 lines as written (original, К, З), in the declaration's order, then the deleted. */
  form1: string[][];
  form1Kinds: { name: string; kind: "original" | "correction" | "deletion" }[];
  /** обр. 6 with only the columns that changed (null when none did). */
  form6: Form6Record | null;
}

/**
 * The delivery the month's files correct, from its deliveries (newest first): the newest when the
 * month changed since; when it did not and the newest was itself a correction, what that one
 * corrected (the same correction again); otherwise none (regular files).
 */
export function correctionBase(d: MonthDeclaration, history: Delivery[]): Delivery | null {
  const newest = history[0];
  if (!newest) return null;
  if (!same(snapshotOf(d), newest.snapshot)) return newest;
  if (!newest.baseId) return null;
  return history.find((h) => h.id === newest.baseId) ?? null;
}

/** What changed since the given delivery, as correction lines; null when nothing did. */
export function correctionOf(d: MonthDeclaration, last: Delivery | null): Correction | null {
  if (!last || !d.form6) return null;
  const before = new Map(last.snapshot.persons.map((p) => [key(p.record), p]));
  const form1: string[][] = [];
  const form1Kinds: Correction["form1Kinds"] = [];
  const seen = new Set<string>();
  for (const p of d.persons) {
    const k = key(p.record);
    seen.add(k);
    const old = before.get(k);
    if (old && same(old.record, p.record)) continue;
    const kind = old ? "correction" : "original";
    form1.push(form1Fields({ ...p.record, correction: RECORD_TYPE[kind] }));
    form1Kinds.push({ name: p.name, kind });
  }
  for (const [k, old] of before) {
    if (seen.has(k)) continue;
    form1.push(deletionFields(old.record));
    form1Kinds.push({ name: old.name, kind: "deletion" });
  }
  // A delivery recorded before ГВРС was declared has no gvrsCents: it declared 0.
  const oldBlocks = new Map(
    last.snapshot.form6.map((b) => [b.paymentType, { ...NO_FUNDS, ...b.funds }]),
  );
  const blocks: Form6Block[] = [];
  const template = d.form6.blocks[0]!;
  const funds = (b: FundTotals): (keyof FundTotals)[] => Object.keys(b) as (keyof FundTotals)[];
  const newTypes = new Set(d.form6.blocks.map((b) => b.paymentType));
  const all: Form6Block[] = [
    ...d.form6.blocks,
    ...[...oldBlocks.keys()]
      .filter((t) => !newTypes.has(t))
      .map((t) => ({
        ...template,
        paymentType: t,
        dooCents: 0,
        upfCents: 0,
        zoCents: 0,
        gvrsCents: 0,
        taxCents: 0,
      })),
  ];
  for (const b of all) {
    const now = blockFunds(b);
    const was = oldBlocks.get(b.paymentType) ?? NO_FUNDS;
    if (same(now, was)) continue;
    if (funds(now).some((f) => now[f] < was[f])) {
      blocks.push({ ...b, correction: 1 });
    } else {
      blocks.push({
        ...b,
        correction: 0,
        dooCents: now.dooCents - was.dooCents,
        upfCents: now.upfCents - was.upfCents,
        zoCents: now.zoCents - was.zoCents,
        gvrsCents: now.gvrsCents - was.gvrsCents,
        taxCents: now.taxCents - was.taxCents,
      });
    }
  }
  if (!form1.length && !blocks.length) return null;
  return {
    since: last.createdAt,
    form1,
    form1Kinds,
    form6: blocks.length ? { ...d.form6, blocks } : null,
  };
}

/** Field positions a deletion keeps (1-based, decision 024): т. 2, 3, 4, 5, 5.1, т. 1, the tag. */
const DELETION_KEEPS = new Set([1, 2, 3, 4, 5, 52, 53]);

function deletionFields(record: Form1Record): string[] {
  return form1Fields({ ...record, correction: RECORD_TYPE.deletion }).map((f, i) =>
    DELETION_KEEPS.has(i + 1) ? f : "",
  );
}

const sofiaTime = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "Europe/Sofia",
});

/** A delivery's moment as the page prints it: «25.11.2026 г. 20:47». */
export const deliveredAt = (at: Date) => `${formatDate(at)} ${sofiaTime.format(at)}`;
