import { describe, expect, it } from "vitest";
import { action as catalogueNew } from "~/routes/_app.catalogue_.new";
import { action as clientEdit } from "~/routes/_app.client.edit.$id";
import { action as clientNew } from "~/routes/_app.client.new";
import { action as dashboard } from "~/routes/_app.dashboard";
import { action as categories } from "~/routes/_app.expenses_.categories";
import { action as recurring } from "~/routes/_app.invoices_.recurring";
import { action as profile } from "~/routes/_app.profile";
import { action as salaries } from "~/routes/_app.salaries";
import { action as settings } from "~/routes/_app.settings";
import { action as subscription } from "~/routes/_app.settings_.subscription";
import { action as auth } from "~/routes/auth";
import { action as customerEdit } from "~/routes/hatterscastle.customers.edit.$id";
import { action as impersonate } from "~/routes/hatterscastle.impersonate.$userId";
import { action as invoiceSettings } from "~/routes/hatterscastle.invoice-settings";
import { action as adminSettings } from "~/routes/hatterscastle.settings";
import { action as userEdit } from "~/routes/hatterscastle.users.edit.$id";
import { action as vatUpdate } from "~/routes/hatterscastle.vat-update";
import { UNKNOWN_INTENT } from "~/utils/forms.server";
import { createCompanyOnPlan, createUser } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * An action that switches on a posted intent refuses one it does not know the one way (#26 item
 * 5): 400, «Неизвестно действие» as the form's message, nothing else happens.
 */

const getDb = setupTestDatabase();

type Action = Parameters<typeof call>[0];

describe("an unknown intent", () => {
  it("is refused with 400 and one Bulgarian message by every page that takes intents", async () => {
    const db = getDb();
    const { user, clientId } = await createCompanyOnPlan(db, "full");
    const customer = (await signInApi(db, user)).cookie;
    const admin = (await signInApi(db, await createUser(db, { role: "admin" }))).cookie;

    const pages: [string, Action, string, Record<string, string>, string | null][] = [
      ["/auth", auth, "/auth", {}, null],
      ["/profile", profile, "/profile", {}, customer],
      ["/settings", settings, "/settings", {}, customer],
      ["/settings/subscription", subscription, "/settings/subscription", {}, customer],
      ["/dashboard", dashboard, "/dashboard", {}, customer],
      ["/client/new", clientNew, "/client/new", {}, customer],
      ["/client/edit/{id}", clientEdit, `/client/edit/${clientId}`, { id: clientId }, customer],
      ["/catalogue/new", catalogueNew, "/catalogue/new", {}, customer],
      ["/invoices/recurring", recurring, "/invoices/recurring", {}, customer],
      ["/expenses/categories", categories, "/expenses/categories", {}, customer],
      ["/salaries", salaries, "/salaries", {}, customer],
      ["/hatterscastle/settings", adminSettings, "/hatterscastle/settings", {}, admin],
      ["/hatterscastle/vat-update", vatUpdate, "/hatterscastle/vat-update", {}, admin],
      [
        "/hatterscastle/invoice-settings",
        invoiceSettings,
        "/hatterscastle/invoice-settings",
        {},
        admin,
      ],
      [
        "/hatterscastle/users/edit/{id}",
        userEdit,
        `/hatterscastle/users/edit/${user.id}`,
        { id: user.id },
        admin,
      ],
      [
        "/hatterscastle/customers/edit/{id}",
        customerEdit,
        `/hatterscastle/customers/edit/${user.companyId}`,
        { id: user.companyId! },
        admin,
      ],
      [
        "/hatterscastle/impersonate/{userId}",
        impersonate,
        `/hatterscastle/impersonate/${user.id}`,
        { userId: user.id },
        admin,
      ],
    ];
    const answers: Record<string, unknown> = {};
    for (const [name, action, path, params, cookie] of pages) {
      const response = await call(action, db, path, {
        ...formBody({ intent: "no-such-thing" }, cookie ? { Cookie: cookie } : {}),
        params,
      });
      const body = (await response.json()) as { formError?: string };
      answers[name] = [response.status, body.formError];
    }
    expect(answers).toEqual(
      Object.fromEntries(pages.map(([name]) => [name, [400, UNKNOWN_INTENT]])),
    );
  });
});
