import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VatThresholdCard } from "~/components/dashboard/money-cards";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { vatThreshold } from "~/modules/dashboard/money.server";
import { dashboardMoney } from "~/modules/dashboard/page.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import { loader as dashboardApi } from "~/routes/api.dashboard";
import { todayInSofia } from "~/utils/dates";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/** The card's text as a reader gets it (tags dropped, spaces joined). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ");

describe("the VAT registration threshold (issue #41 item 11, decision 040)", () => {
  it("is dated data with its legal source: 166 000 лв. and 100 000 лв. in 2025, EUR 51 130 from 2026", async () => {
    const db = getDb();
    expect(await vatThreshold(db, "2025-02-15")).toMatchObject({
      amountCents: 8_487_445,
      applyWithinDays: 14,
      note: expect.stringContaining("166 000 лв."),
    });
    expect(await vatThreshold(db, "2025-06-30")).toMatchObject({
      amountCents: 5_112_919,
      note: expect.stringContaining("Закона за държавния бюджет"),
    });
    expect(await vatThreshold(db, "2026-11-28")).toMatchObject({
      amountCents: 5_113_000,
      applyWithinDays: 7,
      validFrom: "2026-01-01",
      note: expect.stringContaining("ДВ бр. 115 от 30.12.2025"),
    });
  });

  it("GET /api/dashboard gives the threshold's row and its legal source", async () => {
    const me = await createCompanyWithClient(getDb(), false);
    const session = await signInApi(getDb(), me.user);
    const api = await (
      await call(dashboardApi, getDb(), "/api/dashboard", { headers: session.bearer })
    ).json();
    expect(api.vatThreshold).toMatchObject({
      threshold: "51130.00",
      applyWithinDays: 7,
      validFrom: "2026-01-01",
      source: expect.stringContaining("ЗДДС чл. 96, ал. 1"),
    });
  });

  it("the dashboard's card names the source and, from 2026, counts the days from the day the threshold is exceeded", async () => {
    const row = (await vatThreshold(getDb(), "2026-11-28"))!;
    const card = (turnoverCents: number) =>
      textOf(
        renderToStaticMarkup(
          createElement(VatThresholdCard, {
            threshold: {
              thresholdCents: row.amountCents,
              turnoverCents,
              percent: Math.floor((turnoverCents * 100) / row.amountCents),
              applyWithinDays: row.applyWithinDays,
              validFrom: row.validFrom,
              source: row.note,
            },
          }),
        ),
      );
    const over = card(5_200_000);
    expect(over).toContain("Прагът е надвишен.");
    expect(over).toContain(
      "в 7-дневен срок от датата, на която оборотът е надвишил прага (ЗДДС чл. 96, ал. 6).",
    );
    expect(over).not.toContain("изтичането на данъчния период");
    expect(over).toContain("Източник: ЗДДС чл. 96, ал. 1 и ал. 6 (ЗИД ЗДДС, ДВ бр. 115");
    // Reaching the figure is not exceeding it (чл. 96, ал. 1: «надвиши»).
    expect(card(5_113_000)).not.toContain("Прагът е надвишен.");
  });
});

describe("services to businesses in other member states (ЗДДС чл. 97а, ал. 2; decision 076)", () => {
  it("leave the turnover in the country and warn that registration comes before such a supply", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db, false);
    const acme = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "foreign_company",
        name: "Acme GmbH",
        address: "Hauptstraße 1",
        city: "Berlin",
        postalCode: "10115",
        country: "Германия",
      }),
    );
    const today = todayInSofia();
    for (const [clientId, amount] of [
      [me.clientId, "30000"],
      [acme.id, "20000"],
    ] as const) {
      const id = await createTestDraft(db, me, {
        clientId,
        issueDate: today,
        lines: [{ description: "Услуга", quantity: "1", unitPrice: amount, vatRate: null }],
      });
      await issueDocument(db, me.companyId, id);
    }
    const money = await dashboardMoney(
      db,
      { ...me.user, companyId: me.companyId, role: "user", plan: "basic", companyRole: "owner" },
      today,
    );
    expect(money.vatThreshold).toMatchObject({ turnoverCents: 3_000_000, euBusinessInvoices: 1 });
    const text = textOf(
      renderToStaticMarkup(createElement(VatThresholdCard, { threshold: money.vatThreshold! })),
    );
    expect(text).toContain("Оборот в страната от началото на годината: 30 000,00");
    expect(text).toContain("Фактури към фирми от други държави от ЕС (1).");
    expect(text).toContain("преди доставката (чл. 97а, ал. 2 ЗДДС)");
  });
});
