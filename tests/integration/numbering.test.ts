import { describe, expect, it } from "vitest";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import {
  allocateNumber,
  formatNumber,
  peekNextNumber,
  START_ONCE,
  seriesOf,
  setNextNumber,
} from "~/modules/invoices/numbering.server";
import { documentSchema } from "~/modules/invoices/schema";
import { AppError } from "~/utils/errors";
import { createCompanyWithClient, createUser } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const invoiceDraft = (me: Awaited<ReturnType<typeof createCompanyWithClient>>) =>
  createDraft(
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

async function companyId() {
  return (await createUser(getDb())).companyId!;
}

/** Issues in parallel; every `failEvery`-th transaction fails after taking its number. */
async function issueInParallel(
  company: string,
  count: number,
  failEvery: number,
  series: "tax" | "proforma" = "tax",
) {
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      getDb()
        .transaction()
        .execute(async (trx) => {
          const number = await allocateNumber(trx, company, series);
          await pause(i % 3); // hold the lock a little, as a real issue (totals, snapshot) would
          if (failEvery && i % failEvery === failEvery - 1)
            throw new Error("the issue failed midway");
          return number;
        }),
    ),
  );
  return {
    issued: results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : [])),
    failed: results.filter((r) => r.status === "rejected").length,
  };
}

describe("document numbering", () => {
  it("formats 10 Arabic digits", () => {
    expect(formatNumber(1)).toBe("0000000001");
    expect(formatNumber(1235)).toBe("0000001235");
    expect(formatNumber(9_999_999_999)).toBe("9999999999");
    expect(() => formatNumber(0)).toThrow(RangeError);
    expect(() => formatNumber(10_000_000_000)).toThrow(RangeError);
    expect(seriesOf("credit_note")).toBe("tax");
    expect(seriesOf("debit_note")).toBe("tax");
    expect(seriesOf("proforma")).toBe("proforma");
  });

  it("gives 50 parallel issues consecutive numbers with no gap or duplicate, also when some fail midway", async () => {
    const company = await companyId();
    const { issued, failed } = await issueInParallel(company, 50, 7);
    expect(failed).toBe(7);
    expect(issued).toHaveLength(43);
    expect([...issued].sort()).toEqual(Array.from({ length: 43 }, (_, i) => formatNumber(i + 1)));
    expect(await peekNextNumber(getDb(), company, "tax")).toBe("0000000044");
  });

  it("keeps proformas in their own series and companies apart", async () => {
    const first = await companyId();
    const second = await companyId();
    await issueInParallel(first, 5, 0);
    const proformas = await issueInParallel(first, 3, 0, "proforma");
    const other = await issueInParallel(second, 2, 0);
    expect(proformas.issued.sort()).toEqual(["0000000001", "0000000002", "0000000003"]);
    expect(other.issued.sort()).toEqual(["0000000001", "0000000002"]);
    expect(await peekNextNumber(getDb(), first, "tax")).toBe("0000000006");
  });

  it("lets a company set and change its next number until the series' first document", async () => {
    const me = await createCompanyWithClient(getDb());
    const company = me.companyId;
    await setNextNumber(getDb(), company, "tax", 1235);
    await setNextNumber(getDb(), company, "tax", 1240);
    const first = await issueDocument(getDb(), company, await invoiceDraft(me));
    expect(first.number).toBe("0000001240");
    await expect(setNextNumber(getDb(), company, "tax", 5000)).rejects.toThrow(START_ONCE);
    // A credit note is of the same series; the proformas' series is still open.
    expect(await peekNextNumber(getDb(), company, "tax")).toBe("0000001241");
    await setNextNumber(getDb(), company, "proforma", 77);
    expect(await peekNextNumber(getDb(), company, "proforma")).toBe("0000000077");

    const refused = await setNextNumber(getDb(), company, "tax", 100).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    await expect(setNextNumber(getDb(), company, "proforma", 0)).rejects.toThrow(
      "цяло число от 1 до 9999999999",
    );
  });

  it("never leaves a gap or a duplicate when the number is set while the first document is issued", async () => {
    const me = await createCompanyWithClient(getDb());
    const draft = await invoiceDraft(me);
    const [issue, set] = await Promise.allSettled([
      issueDocument(getDb(), me.companyId, draft),
      setNextNumber(getDb(), me.companyId, "tax", 700),
    ]);
    if (issue.status !== "fulfilled") throw issue.reason;
    if (set.status === "fulfilled") expect(issue.value.number).toBe("0000000700");
    else {
      expect(issue.value.number).toBe("0000000001");
      expect(String(set.reason)).toContain(START_ONCE);
    }
  });
});
