import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyBillingEvent } from "~/modules/subscriptions/billing.server";
import {
  localRenewDue,
  localUpgrade,
  parseLocalCard,
  saveLocalCard,
} from "~/modules/subscriptions/local-billing.server";
import { splitGross } from "~/modules/subscriptions/tax-invoices.server";
import { loader as subscriptionPage } from "~/routes/_app.settings_.subscription";
import { loader as landing } from "~/routes/_index";
import { loader as apiInvoices } from "~/routes/api.subscription.invoices";
import { action as adminSettings } from "~/routes/hatterscastle.settings";
import { loader as invoicePdf } from "~/routes/settings.subscription.invoices.$id.pdf";
import type { BillingConfig } from "~/utils/context.server";
import { createCompanyWithClient, createUser } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #31 item 3: each subscription payment is the operator's tax invoice — the operator's own
 * numbering, the seller's requisites from the back office, the buyer's ЕИК and VAT number, the
 * base and the VAT of a price that says «с ДДС», as a PDF rendered in the pool.
 */

const getDb = setupTestDatabase();
const billing: BillingConfig = { prices: { standard: 1900, full: 3900 }, stripe: null };
const card = parseLocalCard({ number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" });

const OPERATOR = {
  name: "Сметка Софтуер ЕООД",
  eik: "175074752",
  isVatRegistered: "on",
  vatNumber: "BG175074752",
  address: "бул. Витоша 1",
  city: "София",
  postalCode: "1000",
  mol: "Иван Операторов",
  bankIban: "BG80BNBG96611020345678",
  bankName: "БНБ",
  bankBic: "BNBGBGSD",
};

async function setOperator(fields: Record<string, string>) {
  const admin = await createUser(getDb(), { role: "admin" });
  const session = await signInApi(getDb(), admin);
  const saved = await call(
    adminSettings,
    getDb(),
    "/hatterscastle/settings",
    formBody({ intent: "operator", ...fields }, { Cookie: session.cookie }),
  );
  return saved;
}

async function customer() {
  const c = await createCompanyWithClient(getDb());
  const company = await getDb()
    .selectFrom("companies")
    .select(["name", "eik", "vatNumber"])
    .where("id", "=", c.companyId)
    .executeTakeFirstOrThrow();
  await saveLocalCard(getDb(), c.companyId, card);
  return { ...c, company, ...(await signInApi(getDb(), c.user)) };
}

const rowsOf = (companyId: string) =>
  getDb()
    .selectFrom("subscriptionInvoices")
    .select(["providerId", "taxNumber", "issuedOn", "netCents", "vatCents", "vatRate", "vatGround"])
    .select(["seller", "buyer", "amountCents"])
    .where("companyId", "=", companyId)
    .orderBy("createdAt")
    .execute();

function pdfText(bytes: ArrayBuffer, name: string) {
  const file = path.join(os.tmpdir(), `${name}.pdf`);
  return writeFile(file, Buffer.from(bytes)).then(() =>
    execFileSync("pdftotext", ["-layout", file, "-"])
      .toString("utf8")
      .replace(/[\s\u00a0]+/g, " "),
  );
}

describe("the operator's invoices for the subscription", () => {
  it("splits a price with VAT in it to the cent, whatever the amount", () => {
    expect(splitGross(3900, 20)).toEqual({ netCents: 3250, vatCents: 650 });
    expect(splitGross(1900, 20)).toEqual({ netCents: 1583, vatCents: 317 });
    expect(splitGross(1900, null)).toEqual({ netCents: 1900, vatCents: 0 });
    for (let gross = 1; gross < 20_000; gross += 7) {
      const { netCents, vatCents } = splitGross(gross, 20);
      expect(netCents + vatCents).toBe(gross);
      expect(vatCents).toBe(Math.round((gross * 20) / 120));
    }
  });

  it("each payment gets the next number of the operator's series, both parties' requisites and a PDF; another company's is 404", async () => {
    expect((await setOperator(OPERATOR)).status).toBe(302);
    const me = await customer();
    await localUpgrade(getDb(), billing, me.companyId, "full");
    const [first] = await rowsOf(me.companyId);
    expect(first).toMatchObject({
      taxNumber: expect.stringMatching(/^\d{10}$/),
      amountCents: 3900,
      netCents: 3250,
      vatCents: 650,
      vatRate: 20,
      vatGround: null,
    });
    expect(first!.seller).toMatchObject({
      name: OPERATOR.name,
      eik: OPERATOR.eik,
      vatNumber: OPERATOR.vatNumber,
      bankIban: OPERATOR.bankIban,
    });
    expect(first!.buyer).toMatchObject({
      name: me.company.name,
      eik: me.company.eik,
      vatNumber: me.company.vatNumber,
    });

    // The renewal a month later: the next number, consecutive.
    await localRenewDue(getDb(), billing, new Date(Date.now() + 40 * 86_400_000));
    const [, renewal] = await rowsOf(me.companyId);
    expect(Number(renewal!.taxNumber)).toBe(Number(first!.taxNumber) + 1);

    // The list and the API say it; the PDF has both parties and the figures.
    const page = (await (
      await call(subscriptionPage, getDb(), "/settings/subscription?tab=invoices", {
        headers: { Cookie: me.cookie },
      })
    ).json()) as {
      invoices: { taxNumber: string | null }[];
      prices: { full: { grossCents: number; netCents: number; vatRate: number | null } };
      buyer: { eik: string; vatNumber: string | null };
    };
    expect(page.invoices.map((i) => i.taxNumber).sort()).toEqual(
      [first!.taxNumber, renewal!.taxNumber].sort(),
    );
    expect(page.prices.full).toEqual({ grossCents: 3900, netCents: 3250, vatRate: 20 });
    expect(page.buyer).toEqual({
      name: me.company.name,
      eik: me.company.eik,
      vatNumber: me.company.vatNumber,
    });
    const api = (await (
      await call(apiInvoices, getDb(), "/api/subscription/invoices", { headers: me.bearer })
    ).json()) as { data: { invoices: Record<string, unknown>[] } };
    expect(api.data.invoices).toContainEqual(
      expect.objectContaining({
        taxNumber: first!.taxNumber,
        netAmount: "32.50",
        vatAmount: "6.50",
        vatRate: 20,
        pdfUrl: `/settings/subscription/invoices/${first!.providerId}/pdf`,
      }),
    );

    const pdf = await call(
      invoicePdf,
      getDb(),
      `/settings/subscription/invoices/${first!.providerId}/pdf`,
      {
        headers: { Cookie: me.cookie },
        params: { id: first!.providerId },
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Disposition")).toContain(
      `filename="faktura-${first!.taxNumber}.pdf"`,
    );
    const text = await pdfText(await pdf.arrayBuffer(), `operator-${first!.taxNumber}`);
    for (const expected of [
      "ФАКТУРА",
      first!.taxNumber!,
      OPERATOR.name,
      OPERATOR.eik,
      OPERATOR.vatNumber,
      me.company.name,
      me.company.eik,
      me.company.vatNumber!,
      "32,50",
      "6,50",
      "39,00",
    ]) {
      expect(text, expected).toContain(expected);
    }

    const stranger = await customer();
    const theirs = await call(
      invoicePdf,
      getDb(),
      `/settings/subscription/invoices/${first!.providerId}/pdf`,
      {
        headers: { Cookie: stranger.cookie },
        params: { id: first!.providerId },
      },
    );
    expect(theirs.status).toBe(404);
  });

  it("an operator not registered for VAT charges none and prints the ground; a payment through Stripe gets its invoice too", async () => {
    const refused = await setOperator({ ...OPERATOR, eik: "123", postalCode: "10" });
    expect(refused.status).toBe(400);
    expect((await setOperator({ ...OPERATOR, isVatRegistered: "", vatNumber: "" })).status).toBe(
      302,
    );
    const me = await customer();
    await applyBillingEvent(getDb(), billing, "stripe", {
      id: "evt_test_paid",
      type: "invoice.paid",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          object: "invoice",
          id: "in_test_paid",
          customer: "cus_test",
          number: "ABC-0001",
          status: "paid",
          amount_due: 1900,
          amount_paid: 1900,
          currency: "eur",
          created: Math.floor(Date.now() / 1000),
          metadata: { company_id: me.companyId, plan: "standard" },
        },
      },
    });
    const [paid] = await rowsOf(me.companyId);
    expect(paid).toMatchObject({
      taxNumber: expect.stringMatching(/^\d{10}$/),
      netCents: 1900,
      vatCents: 0,
      vatRate: null,
      vatGround: "чл. 113, ал. 9 от ЗДДС",
    });
    const prices = (await (await call(landing, getDb(), "/")).json()) as {
      prices: { standard: { vatRate: number | null; grossCents: number } };
    };
    expect(prices.prices.standard).toEqual({ grossCents: 1900, netCents: 1900, vatRate: null });
  });
});
