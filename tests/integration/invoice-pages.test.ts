import { describe, expect, it } from "vitest";
import type { Capability } from "~/modules/auth/capabilities";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.invoice.$id";
import { action as editAction, loader as editLoader } from "~/routes/_app.invoice.edit.$id";
import { action as newAction } from "~/routes/_app.invoice.new";
import { loader as previewLoader } from "~/routes/_app.invoice.preview";
import { loader as listLoader } from "~/routes/_app.invoices";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app.settings";
import { loader as pdfLoader } from "~/routes/invoice.$id.pdf";
import { loader as csvLoader } from "~/routes/invoices.export[.]csv";
import { createCompanyWithClient } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { outsiderStatus, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function customer() {
  const { user, companyId, clientId } = await createCompanyWithClient(getDb());
  return { user, companyId, clientId, ...(await signInApi(getDb(), user)) };
}

const draftOf = async (c: Awaited<ReturnType<typeof customer>>) =>
  createDraft(
    getDb(),
    c.companyId,
    c.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: c.clientId,
      issueDate: "2026-11-20",
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
    }),
  );

describe("invoice pages", () => {
  it("answer 404 to another company on every loader and action, to its owner and to each role, and change nothing", async () => {
    const me = await customer();
    const draft = await draftOf(me);
    const issuedId = await draftOf(me);
    await issueDocument(getDb(), me.companyId, issuedId);
    // The owner of another company, and members of it as each role (issue #29).
    for (const stranger of await strangersOf(getDb(), me)) {
      const as = { Cookie: stranger.cookie };
      const got: number[] = [];
      const wanted: number[] = [];
      // A page opened (GET) or a form posted to it: the role's refusal differs (outsiderStatus).
      const check = async (
        capability: Capability,
        answer: Promise<Response>,
        kind: "page" | "form" = "page",
      ) => {
        got.push((await answer).status);
        wanted.push(outsiderStatus(stranger.role, capability, kind));
      };
      for (const id of [draft, issuedId]) {
        await check(
          "documents.view",
          call(pageLoader, getDb(), `/invoice/${id}`, { headers: as, params: { id } }),
        );
        await check(
          "documents.edit",
          call(editLoader, getDb(), `/invoice/edit/${id}`, { headers: as, params: { id } }),
        );
        await check(
          "documents.view",
          call(previewLoader, getDb(), `/invoice/preview?id=${id}`, { headers: as }),
        );
        await check(
          "documents.view",
          call(pdfLoader, getDb(), `/invoice/${id}/pdf`, { headers: as, params: { id } }),
        );
        for (const fields of <Record<string, string>[]>[
          { intent: "issue", confirm: "yes" },
          { intent: "delete", confirm: "on" },
          { intent: "cancel", reason: "чужда фактура" },
          { intent: "payment", paidOn: "2026-11-21", amount: "1", method: "bank" },
          { intent: "send", to: "x@example.bg" },
          { intent: "convert" },
          { intent: "duplicate" },
        ]) {
          await check(
            "documents.edit",
            call(pageAction, getDb(), `/invoice/${id}`, {
              ...formBody(fields, as),
              params: { id },
            }),
            "form",
          );
        }
        await check(
          "documents.edit",
          call(editAction, getDb(), `/invoice/edit/${id}`, {
            ...formBody({ intent: "save" }, as),
            params: { id },
          }),
          "form",
        );
      }
      expect(got, stranger.label).toEqual(wanted);

      // Their lists and exports hold nothing of mine; a credit note "from" my invoice copies nothing.
      const list = (await (
        await call(listLoader, getDb(), "/invoices", { headers: as })
      ).json()) as {
        documents: unknown[];
      };
      expect(list.documents, stranger.label).toHaveLength(0);
      const csv = await call(csvLoader, getDb(), "/invoices/export.csv", { headers: as });
      if (outsiderStatus(stranger.role, "exports") === 404) {
        expect((await csv.text()).trim().split("\r\n"), stranger.label).toHaveLength(1);
      } else {
        expect(csv.status, stranger.label).toBe(403);
      }
      const stolen = await call(newAction, getDb(), "/invoice/new", {
        ...formBody(
          {
            intent: "save",
            type: "credit_note",
            clientId: me.clientId,
            issueDate: "2026-11-21",
            originalId: issuedId,
            reason: "x",
            "lines[0][description]": "a",
            "lines[0][quantity]": "1",
            "lines[0][unitPrice]": "1",
            "lines[0][vatRate]": "20",
          },
          as,
        ),
      });
      if (outsiderStatus(stranger.role, "documents.edit") === 404) {
        expect(stolen.status, stranger.label).toBe(404);
        expect(await stolen.json()).toMatchObject({
          formId: "document",
          fieldErrors: { clientId: "Клиентът не е намерен" },
        });
      } else {
        expect(stolen.status, stranger.label).toBe(302);
      }
    }

    expect(await getDocument(getDb(), me.companyId, draft)).toMatchObject({ status: "draft" });
    expect(await getDocument(getDb(), me.companyId, issuedId)).toMatchObject({
      status: "issued",
      paidCents: 0,
      sentAt: null,
    });
  });

  it("the editor without JavaScript: add and remove lines re-render the form with what was typed", async () => {
    const me = await customer();
    const base = {
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-21",
      "lines[0][description]": "Първи",
      "lines[0][quantity]": "2",
      "lines[0][unitPrice]": "10,5",
      "lines[0][vatRate]": "20",
    };
    const added = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody({ ...base, intent: "addLine" }, { Cookie: me.cookie }),
    );
    expect(added.status).toBe(200);
    const body = (await added.json()) as {
      repopulateFields: { lines: { description: string; vatRate: string }[] };
      focus: string;
    };
    expect(body.repopulateFields.lines).toHaveLength(2);
    expect(body.repopulateFields.lines[0]).toMatchObject({ description: "Първи" });
    expect(body.repopulateFields.lines[1]).toMatchObject({ description: "", vatRate: "20" });
    expect(body.focus).toBe("lines[1][description]");

    const removed = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(
        {
          ...base,
          "lines[1][description]": "Втори",
          "lines[1][unitPrice]": "1",
          intent: "removeLine:0",
        },
        { Cookie: me.cookie },
      ),
    );
    expect(
      ((await removed.json()) as typeof body).repopulateFields.lines.map((l) => l.description),
    ).toEqual(["Втори"]);

    const saved = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody({ ...base, intent: "save" }, { Cookie: me.cookie }),
    );
    expect(saved.status).toBe(302);
    const id = saved.headers.get("Location")?.split("/").pop();
    expect(await getDocument(getDb(), me.companyId, id)).toMatchObject({
      status: "draft",
      totalCents: 2520,
    });
  });

  it("a refused payment, cancel or send answers 400 in Bulgarian and gives back what was typed", async () => {
    const me = await customer();
    const id = await draftOf(me);
    await issueDocument(getDb(), me.companyId, id);
    const post = (fields: Record<string, string>) =>
      call(pageAction, getDb(), `/invoice/${id}`, {
        ...formBody(fields, { Cookie: me.cookie }),
        params: { id },
      });
    const payment = await post({
      intent: "payment",
      paidOn: "2026-11-21",
      amount: "12,345",
      method: "cash",
      note: "касов бон 7",
    });
    expect(payment.status).toBe(400);
    expect(await payment.json()).toMatchObject({
      formId: "payment",
      fieldErrors: { amount: "Сумата трябва да е положително число с до 2 знака след запетаята" },
      repopulateFields: {
        paidOn: "2026-11-21",
        amount: "12,345",
        method: "cash",
        note: "касов бон 7",
      },
    });
    const cancel = await post({ intent: "cancel", reason: "x" });
    expect(cancel.status).toBe(400);
    expect(await cancel.json()).toMatchObject({
      formId: "cancel",
      formError: "Посочете причина за анулирането",
      repopulateFields: { reason: "x" },
    });
    const send = await post({ intent: "send", to: "не-е-имейл" });
    expect(send.status).toBe(400);
    expect(await send.json()).toMatchObject({
      formId: "send",
      formError: "Невалиден имейл адрес: не-е-имейл",
      repopulateFields: { to: "не-е-имейл" },
    });
    expect(await getDocument(getDb(), me.companyId, id)).toMatchObject({
      status: "issued",
      paidCents: 0,
      sentAt: null,
    });
  });

  it("issuing asks first: «Издай» answers with the question and the number, «Да, издай» issues", async () => {
    const me = await customer();
    const id = await draftOf(me);
    const post = (fields: Record<string, string>) =>
      call(pageAction, getDb(), `/invoice/${id}`, {
        ...formBody(fields, { Cookie: me.cookie }),
        params: { id },
      });
    const asked = await post({ intent: "issue" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ formId: "issue", confirmIssue: true });
    expect((await getDocument(getDb(), me.companyId, id))?.status).toBe("draft");
    const page = await call(pageLoader, getDb(), `/invoice/${id}?issue=1`, {
      headers: { Cookie: me.cookie },
      params: { id },
    });
    expect(await page.json()).toMatchObject({ nextNumber: "0000000001" });
    const done = await post({ intent: "issue", confirm: "yes" });
    expect(done.status).toBe(302);
    expect((await getDocument(getDb(), me.companyId, id))?.number).toBe("0000000001");
  });

  it("/settings sets and changes the next number while the series has no document, and refuses it after the first (issue #41)", async () => {
    const me = await customer();
    const headers = { Cookie: me.cookie };
    const set = (nextNumber: string, series = "tax") =>
      call(
        settingsAction,
        getDb(),
        "/settings",
        formBody({ intent: "numbering", series, nextNumber }, headers),
      );
    const state = async () =>
      (
        (await (await call(settingsLoader, getDb(), "/settings", { headers })).json()) as {
          numbering: { series: string; next: string; settable: boolean }[];
        }
      ).numbering;
    const bad = await set("abc");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      formError: "Номерът трябва да е цяло число от 1 до 9999999999",
    });
    expect((await set("1235")).status).toBe(302);
    // A typo is corrected before the first document: the number may be set again.
    expect((await set("2000")).status).toBe(302);
    expect(await state()).toEqual([
      { series: "tax", next: "0000002000", settable: true },
      { series: "proforma", next: "0000000001", settable: true },
    ]);

    // The first issue says the number may still be set, with the way to the settings.
    const id = await draftOf(me);
    const page = async () =>
      (await (
        await call(pageLoader, getDb(), `/invoice/${id}?issue=1`, { headers, params: { id } })
      ).json()) as { firstOfSeries: boolean; nextNumber: string | null };
    expect(await page()).toMatchObject({ firstOfSeries: true, nextNumber: "0000002000" });
    const issued = await issueDocument(getDb(), me.companyId, id);
    expect(issued.number).toBe("0000002000");

    const late = await set("3000");
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      formId: "numbering-tax",
      formError: expect.stringContaining("няма издаден документ"),
      repopulateFields: { nextNumber: "3000" },
    });
    expect(await state()).toEqual([
      { series: "tax", next: "0000002001", settable: false },
      { series: "proforma", next: "0000000001", settable: true },
    ]);
    const second = await draftOf(me);
    const secondPage = (await (
      await call(pageLoader, getDb(), `/invoice/${second}`, { headers, params: { id: second } })
    ).json()) as { firstOfSeries: boolean };
    expect(secondPage.firstOfSeries).toBe(false);
    // The proformas' series is apart: still settable.
    expect((await set("500", "proforma")).status).toBe(302);
  });
});
