import { describe, expect, it } from "vitest";
import { runJob } from "~/composition.server";
import type { openApiDocument } from "~/modules/api/openapi";
import type { Capability } from "~/modules/auth/capabilities";
import { MAIL_ATTEMPTS } from "~/modules/invoices/mail-queue.server";
import { action as create, loader as list } from "~/routes/api.invoices";
import { action as change, loader as getOne } from "~/routes/api.invoices.$id";
import { action as cancel } from "~/routes/api.invoices.$id.cancel";
import { action as issue } from "~/routes/api.invoices.$id.issue";
import { action as pay } from "~/routes/api.invoices.$id.payments";
import { loader as pdf } from "~/routes/api.invoices.$id.pdf";
import { action as send } from "~/routes/api.invoices.$id.send";
import { loader as openapi } from "~/routes/api.openapi[.]json";
import { startMailbox } from "../e2e/mailbox";
import { makeContext } from "../setup/context";
import { createCompanyWithClient } from "../setup/factories";
import { type AnyAnswer, call, jsonBody, postApi, signInApi } from "../setup/routes";
import { outsiderStatus, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function customer() {
  const { user, companyId, clientId } = await createCompanyWithClient(getDb());
  return { companyId, clientId, ...(await signInApi(getDb(), user)) };
}

const payload = (clientId: string, overrides: Record<string, unknown> = {}) => ({
  type: "invoice",
  clientId,
  issueDate: "2026-11-20",
  currency: "EUR",
  lines: [
    { description: "Консултация", quantity: "2", unit: "час", unitPrice: "60.00", vatRate: 20 },
    { description: "Пътни", quantity: 1, unitPrice: 15.5, vatRate: 20 },
  ],
  ...overrides,
});

type Doc = {
  id: string;
  number: string | null;
  status: string;
  totals: { total: string; vat: string };
};

describe("/api/invoices", () => {
  it("creates a draft (201, number null), changes it, issues it (number and totals), cancels it", async () => {
    const me = await customer();
    const draft = await postApi<Doc>(
      create,
      getDb(),
      "/api/invoices",
      payload(me.clientId),
      me.bearer,
    );
    expect(draft).toMatchObject({
      number: null,
      status: "draft",
      totals: { total: "162.60", vat: "27.10" },
    });

    const put = await call(change, getDb(), `/api/invoices/${draft.id}`, {
      ...jsonBody(
        payload(me.clientId, {
          lines: [{ description: "Една услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
        }),
        "PUT",
        me.bearer,
      ),
      params: { id: draft.id },
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as Doc).totals.total).toBe("120.00");

    const issued = await call(issue, getDb(), `/api/invoices/${draft.id}/issue`, {
      method: "POST",
      headers: me.bearer,
      params: { id: draft.id },
    });
    expect(issued.status).toBe(200);
    expect(await issued.json()).toMatchObject({
      number: "0000000001",
      status: "issued",
      totals: { subtotal: "100.00", vat: "20.00", total: "120.00" },
    });

    // Issued: PUT and DELETE are refused, the number stays on cancel.
    const refused = await call(change, getDb(), `/api/invoices/${draft.id}`, {
      ...jsonBody(payload(me.clientId), "PUT", me.bearer),
      params: { id: draft.id },
    });
    expect(refused.status).toBe(409);
    const gone = await call(change, getDb(), `/api/invoices/${draft.id}`, {
      method: "DELETE",
      headers: me.bearer,
      params: { id: draft.id },
    });
    expect(gone.status).toBe(409);

    const noReason = await postApi<AnyAnswer>(cancel, getDb(), "/x", {}, me.bearer, 400, {
      id: draft.id,
    });
    expect(noReason).toMatchObject({
      errors: { reason: { _errors: ["Посочете причина за анулирането"] } },
    });
    const cancelled = await call(cancel, getDb(), "/x", {
      ...jsonBody({ reason: "Грешен получател" }, "POST", me.bearer),
      params: { id: draft.id },
    });
    expect(await cancelled.json()).toMatchObject({
      status: "cancelled",
      number: "0000000001",
      cancelReason: "Грешен получател",
    });
  });

  it("answers 400 with Bulgarian messages per field", async () => {
    const me = await customer();
    const body = await postApi<{ message: string; errors: Record<string, unknown> }>(
      create,
      getDb(),
      "/api/invoices",
      {
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2026-13-40",
        currency: "BGN",
        lines: [{ description: "", quantity: "-1", unitPrice: "abc", vatRate: 7 }],
      },
      me.bearer,
      400,
    );
    expect(body.message).toBe("Невалидни данни");
    expect(body.errors).toMatchObject({
      issueDate: { _errors: ["Датата на издаване е задължителна"] },
      lines: {
        0: {
          description: { _errors: ["Описанието е задължително"] },
          quantity: { _errors: [expect.stringContaining("Количеството")] },
          unitPrice: { _errors: [expect.stringContaining("Цената")] },
          vatRate: { _errors: ["Изберете ставка на ДДС"] },
        },
      },
    });
    const bgn = await call(
      create,
      getDb(),
      "/api/invoices",
      jsonBody(payload(me.clientId, { currency: "BGN" }), "POST", me.bearer),
    );
    expect(await bgn.json()).toMatchObject({
      errors: { currency: { _errors: [expect.stringContaining("31.12.2025")] } },
    });
    await postApi(
      create,
      getDb(),
      "/api/invoices",
      payload(me.clientId, { currency: "BGN", issueDate: "2025-12-31" }),
      me.bearer,
    );
  });

  it("lists with filters and totals, records payments, serves the same PDF bytes twice", async () => {
    const me = await customer();
    const ids: string[] = [];
    for (const price of ["100", "50"]) {
      const r = await call(
        create,
        getDb(),
        "/api/invoices",
        jsonBody(
          payload(me.clientId, {
            lines: [{ description: "Х", quantity: "1", unitPrice: price, vatRate: 20 }],
          }),
          "POST",
          me.bearer,
        ),
      );
      ids.push(((await r.json()) as Doc).id);
    }
    for (const id of ids)
      await call(issue, getDb(), "/x", { method: "POST", headers: me.bearer, params: { id } });
    const paid = await call(pay, getDb(), "/x", {
      ...jsonBody({ paidOn: "2026-11-21", amount: "120.00", method: "bank" }, "POST", me.bearer),
      params: { id: ids[0] as string },
    });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({
      paymentState: "paid",
      totals: { paid: "120.00", due: "0.00" },
    });

    const all = (await (
      await call(list, getDb(), "/api/invoices", { headers: me.bearer })
    ).json()) as {
      invoices: { id: string }[];
      summary: {
        count: number;
        currencies: { total: string; paid: string; outstanding: string }[];
      };
    };
    expect(all.invoices).toHaveLength(2);
    expect(all.summary).toMatchObject({
      count: 2,
      currencies: [{ total: "180.00", paid: "120.00", outstanding: "60.00" }],
    });
    const unpaid = (await (
      await call(list, getDb(), "/api/invoices?status=unpaid", { headers: me.bearer })
    ).json()) as typeof all;
    expect(unpaid.invoices.map((d) => d.id)).toEqual([ids[1]]);
    const byNumber = (await (
      await call(list, getDb(), "/api/invoices?q=2", { headers: me.bearer })
    ).json()) as typeof all;
    expect(byNumber.invoices.map((d) => d.id)).toEqual([ids[1]]);
    // A filter it cannot read is refused by name, never dropped (the whole list would come back
    // as if filtered); a blank one is no filter.
    const refused = await call(list, getDb(), "/api/invoices?from=2026-13-01&to=1.12.2026", {
      headers: me.bearer,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: "Невалидни данни",
      errors: {
        from: { _errors: ["Въведете валидна дата"] },
        to: { _errors: ["Въведете валидна дата"] },
      },
    });
    const ancient = await call(list, getDb(), "/api/invoices?from=0001-01-01", {
      headers: me.bearer,
    });
    expect(ancient.status).toBe(400);
    const blank = await call(list, getDb(), "/api/invoices?from=&status=", { headers: me.bearer });
    expect(((await blank.json()) as typeof all).invoices).toHaveLength(2);

    const first = await call(pdf, getDb(), "/x", {
      headers: me.bearer,
      params: { id: ids[0] as string },
    });
    expect(first.headers.get("Content-Type")).toBe("application/pdf");
    expect(first.headers.get("Content-Disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("Фактура-0000000001.pdf")}`,
    );
    const second = await call(pdf, getDb(), "/x", {
      headers: me.bearer,
      params: { id: ids[0] as string },
    });
    expect(
      Buffer.compare(
        Buffer.from(await first.arrayBuffer()),
        Buffer.from(await second.arrayBuffer()),
      ),
    ).toBe(0);
  });

  it("another company's document answers 404 on every call, to its owner and to each role; no session answers 401", async () => {
    const me = await customer();
    const r = await call(
      create,
      getDb(),
      "/api/invoices",
      jsonBody(payload(me.clientId), "POST", me.bearer),
    );
    const { id } = (await r.json()) as Doc;
    // The owner of another company, and members of it as each role (issue #29).
    for (const stranger of await strangersOf(getDb(), me)) {
      const as = stranger.bearer;
      const calls: [Capability, Promise<Response>][] = [
        ["documents.view", call(getOne, getDb(), "/x", { headers: as, params: { id } })],
        [
          "documents.edit",
          call(change, getDb(), "/x", {
            ...jsonBody(payload(me.clientId), "PUT", as),
            params: { id },
          }),
        ],
        [
          "documents.edit",
          call(change, getDb(), "/x", { method: "DELETE", headers: as, params: { id } }),
        ],
        [
          "documents.edit",
          call(issue, getDb(), "/x", { method: "POST", headers: as, params: { id } }),
        ],
        [
          "documents.edit",
          call(cancel, getDb(), "/x", {
            ...jsonBody({ reason: "чужда" }, "POST", as),
            params: { id },
          }),
        ],
        [
          "documents.edit",
          call(pay, getDb(), "/x", {
            ...jsonBody({ paidOn: "2026-11-21", amount: "1", method: "bank" }, "POST", as),
            params: { id },
          }),
        ],
        [
          "documents.edit",
          call(send, getDb(), "/x", { ...jsonBody({}, "POST", as), params: { id } }),
        ],
        ["documents.view", call(pdf, getDb(), "/x", { headers: as, params: { id } })],
      ];
      const answers = await Promise.all(calls.map(([, answer]) => answer));
      expect(
        answers.map((a) => a.status),
        stranger.label,
      ).toEqual(calls.map(([capability]) => outsiderStatus(stranger.role, capability)));
      // Their list does not show it; a draft naming my client is not found (issue #43 item 2).
      const theirs = (await (
        await call(list, getDb(), "/api/invoices", { headers: as })
      ).json()) as {
        invoices: unknown[];
      };
      expect(theirs.invoices, stranger.label).toHaveLength(0);
      const foreign = await call(
        create,
        getDb(),
        "/api/invoices",
        jsonBody(payload(me.clientId), "POST", as),
      );
      if (outsiderStatus(stranger.role, "documents.edit") === 404) {
        expect(foreign.status, stranger.label).toBe(404);
        expect(await foreign.json()).toMatchObject({
          message: "Клиентът не е намерен",
          errors: { clientId: { _errors: ["Клиентът не е намерен"] } },
        });
      } else {
        expect(foreign.status, stranger.label).toBe(403);
      }
    }
    // The document is untouched.
    expect(
      await (await call(getOne, getDb(), "/x", { headers: me.bearer, params: { id } })).json(),
    ).toMatchObject({ status: "draft" });
    expect((await call(list, getDb(), "/api/invoices")).status).toBe(401);
  });

  it("e-mails an issued document with its PDF through the queue: a mail failure is kept, retried, and then sent", async () => {
    const me = await customer();
    await getDb()
      .updateTable("clients")
      .set({ emails: ["buh@klient.bg"] })
      .where("id", "=", me.clientId)
      .execute();
    const r = await call(
      create,
      getDb(),
      "/api/invoices",
      jsonBody(payload(me.clientId), "POST", me.bearer),
    );
    const { id } = (await r.json()) as Doc;
    await postApi(send, getDb(), "/x", {}, me.bearer, 409, { id });
    await call(issue, getDb(), "/x", { method: "POST", headers: me.bearer, params: { id } });

    const mail = (smtpUrl: string) => ({
      mail: { smtpUrl, from: "Сметка <no-reply@smetka.bg>", supportEmail: undefined },
    });
    // The mail server is down: the e-mail is accepted (202), its first try failed and is kept.
    const failed = await call(send, getDb(), "/x", {
      ...jsonBody({}, "POST", me.bearer),
      params: { id },
      config: mail("smtp://127.0.0.1:1"),
    });
    expect(failed.status).toBe(202);
    const failedBody = (await failed.json()) as { sentAt: null; email: { id: string } };
    expect(failedBody).toMatchObject({
      sentAt: null,
      email: { recipients: "buh@klient.bg", status: "queued", attempts: 1 },
    });
    expect(
      await (await call(getOne, getDb(), "/x", { headers: me.bearer, params: { id } })).json(),
    ).toMatchObject({ sentAt: null });

    const mailbox = await startMailbox();
    try {
      // The queue's retry, once the server is back: sent, and recorded on the document.
      const retry = makeContext(getDb(), mail(mailbox.url));
      expect(await runJob(retry, "mail.document", { emailId: failedBody.email.id })).toBe("sent");
      const received = await mailbox.waitFor("buh@klient.bg", "Фактура № 0000000001");
      // The PDF, and the payment QR code drawn in the message (a euro invoice to pay by bank).
      expect(received.attachments).toEqual([
        { filename: "QR-плащане.png", mimeType: "image/png" },
        { filename: "Фактура-0000000001.pdf", mimeType: "application/pdf" },
      ]);
      expect(received.text).toContain("162,60");
      expect(
        await (await call(getOne, getDb(), "/x", { headers: me.bearer, params: { id } })).json(),
      ).toMatchObject({ sentTo: "buh@klient.bg", sentAt: expect.any(String) });
      // A second run of the same job (a duplicate delivery) sends nothing more.
      expect(await runJob(retry, "mail.document", { emailId: failedBody.email.id })).toBe("sent");

      const sent = await call(send, getDb(), "/x", {
        ...jsonBody({ to: "drugi@klient.bg" }, "POST", me.bearer),
        params: { id },
        config: mail(mailbox.url),
      });
      expect(sent.status).toBe(202);
      expect(await sent.json()).toMatchObject({
        email: { recipients: "drugi@klient.bg", status: "sent", attempts: 1 },
      });
      await mailbox.waitFor("drugi@klient.bg", "Фактура № 0000000001");
    } finally {
      await mailbox.close();
    }
  });

  it("marks an e-mail failed after its last try", async () => {
    const me = await customer();
    const r = await call(
      create,
      getDb(),
      "/api/invoices",
      jsonBody(payload(me.clientId), "POST", me.bearer),
    );
    const { id } = (await r.json()) as Doc;
    await call(issue, getDb(), "/x", { method: "POST", headers: me.bearer, params: { id } });
    const down = {
      mail: {
        smtpUrl: "smtp://127.0.0.1:1",
        from: "Сметка <no-reply@smetka.bg>",
        supportEmail: undefined,
      },
    };
    const first = await call(send, getDb(), "/x", {
      ...jsonBody({ to: "a@klient.bg" }, "POST", me.bearer),
      params: { id },
      config: down,
    });
    const { email } = (await first.json()) as { email: { id: string } };
    const context = makeContext(getDb(), down);
    for (let attempt = 2; attempt <= MAIL_ATTEMPTS; attempt++) {
      await expect(runJob(context, "mail.document", { emailId: email.id })).rejects.toThrow();
    }
    const row = await getDb()
      .selectFrom("documentEmails")
      .select(["status", "attempts", "lastError"])
      .where("id", "=", email.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: MAIL_ATTEMPTS });
    expect(row.lastError).toMatch(/не можа да бъде изпратен/);
  });

  it("serves an OpenAPI description naming every invoice call", async () => {
    const response = await call(openapi, getDb(), "/api/openapi.json");
    const doc = (await response.json()) as ReturnType<typeof openApiDocument>;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/clients",
        "/api/invoices",
        "/api/invoices/{id}",
        "/api/invoices/{id}/issue",
        "/api/invoices/{id}/cancel",
        "/api/invoices/{id}/pdf",
      ]),
    );
  });
});
