import { describe, expect, it } from "vitest";
import { runJob } from "~/composition.server";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import {
  getReminderSettings,
  runReminders,
  saveReminderSettings,
} from "~/modules/recurring/reminders.server";
import {
  createRecurring,
  listRecurring,
  runDueRecurring,
  setRecurringStatus,
} from "~/modules/recurring/service.server";
import { todayInSofia } from "~/utils/dates";
import { makeContext } from "../setup/context";
import { createCompanyWithClient } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { expectOutsider, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function setup(email = "buh@klient.bg") {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  await db
    .updateTable("clients")
    .set({ emails: email ? [email] : [], paymentTermDays: 10 })
    .where("id", "=", me.clientId)
    .execute();
  const id = await createDraft(
    db,
    me.companyId,
    null,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-20",
      dueDate: "2026-11-30",
      currency: "EUR",
      notes: "Абонамент за поддръжка",
      lines: [
        { description: "Поддръжка", quantity: "1", unit: "мес.", unitPrice: "100", vatRate: 20 },
      ],
    }),
  );
  const context = makeContext(db);
  const deps = { db, config: context.config, jobs: context.jobs };
  return { db, me, id, deps, context };
}

const documentsOf = (db: ReturnType<typeof getDb>, companyId: string) =>
  db
    .selectFrom("documents")
    .select([
      "id",
      "status",
      "number",
      "issueDate",
      "dueDate",
      "occurrenceOn",
      "totalCents",
      "notes",
    ])
    .where("companyId", "=", companyId)
    .where("recurringId", "is not", null)
    .orderBy("occurrenceOn")
    .execute();

describe("recurring invoices", () => {
  it("makes each occurrence once, however often the job runs, with today's dates and the template's lines", async () => {
    const { db, me, id, deps } = await setup();
    const recurring = await createRecurring(db, me.companyId, id, {
      name: "Поддръжка — месечно",
      frequency: "monthly",
      dayOfMonth: 31,
      startOn: "2027-01-01",
      endOn: null,
      mode: "draft",
    });
    expect(await runDueRecurring(deps, "2027-01-30")).toBe(0);
    expect(await runDueRecurring(deps, "2027-01-31")).toBe(1);
    expect(await runDueRecurring(deps, "2027-01-31")).toBe(0);
    // February's is on the 28th (day 31 clamped).
    expect(await runDueRecurring(deps, "2027-02-27")).toBe(0);
    expect(await runDueRecurring(deps, "2027-02-28")).toBe(1);
    const docs = await documentsOf(db, me.companyId);
    expect(docs).toEqual([
      expect.objectContaining({
        status: "draft",
        number: null,
        occurrenceOn: "2027-01-31",
        issueDate: "2027-01-31",
        dueDate: "2027-02-10",
        totalCents: 12000,
        notes: "Абонамент за поддръжка",
      }),
      expect.objectContaining({ occurrenceOn: "2027-02-28", issueDate: "2027-02-28" }),
    ]);
    const [row] = await listRecurring(db, me.companyId);
    expect(row).toMatchObject({ id: recurring, nextRunOn: "2027-03-31", count: 2 });
  });

  it("catches up what it missed while no server ran, once, and issues and e-mails when told to", async () => {
    const { db, me, id, deps, context } = await setup();
    await createRecurring(db, me.companyId, id, {
      name: "Наем",
      frequency: "monthly",
      dayOfMonth: 5,
      startOn: "2027-01-01",
      endOn: null,
      mode: "issue_and_email",
    });
    // Down from January to the 6th of March: three occurrences, made together, once.
    const run = () => runDueRecurring(deps, "2027-03-06");
    expect(await Promise.all([run(), run()]).then(([a, b]) => a + b)).toBeGreaterThanOrEqual(3);
    const docs = await documentsOf(db, me.companyId);
    expect(docs.map((d) => [d.occurrenceOn, d.status, d.issueDate])).toEqual([
      ["2027-01-05", "issued", "2027-03-06"],
      ["2027-02-05", "issued", "2027-03-06"],
      ["2027-03-05", "issued", "2027-03-06"],
    ]);
    expect(new Set(docs.map((d) => d.number)).size).toBe(3);
    const emails = await db
      .selectFrom("documentEmails")
      .select(["documentId", "status", "recipients"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(emails).toHaveLength(3);
    expect(emails.every((e) => e.status === "sent" && e.recipients === "buh@klient.bg")).toBe(true);
    expect(context.jobs).toBeDefined();
  });

  it("pauses, resumes from today (skipping what fell due while paused), ends on its last day", async () => {
    const { db, me, id, deps } = await setup();
    const recurring = await createRecurring(db, me.companyId, id, {
      name: "Тримесечно",
      frequency: "quarterly",
      dayOfMonth: 1,
      startOn: "2027-01-01",
      endOn: "2027-12-31",
      mode: "draft",
    });
    await setRecurringStatus(db, me.companyId, recurring, "pause", "2026-12-01");
    expect(await runDueRecurring(deps, "2027-05-01")).toBe(0);
    await setRecurringStatus(db, me.companyId, recurring, "resume", "2027-05-01");
    expect(await runDueRecurring(deps, "2027-05-01")).toBe(0);
    expect(await runDueRecurring(deps, "2027-07-01")).toBe(1);
    expect(await runDueRecurring(deps, "2027-10-01")).toBe(1);
    const [row] = await listRecurring(db, me.companyId);
    expect(row).toMatchObject({ status: "ended", nextRunOn: null, count: 2 });
    await expect(
      setRecurringStatus(db, me.companyId, "00000000-0000-4000-8000-000000000000", "pause"),
    ).rejects.toThrow("Периодичната фактура не е намерена");
  });

  it("a run out of time leaves the rest to the next job, which makes each occurrence once", async () => {
    const { db, me, id, deps, context } = await setup();
    await createRecurring(db, me.companyId, id, {
      name: "Наем",
      frequency: "monthly",
      dayOfMonth: 5,
      startOn: "2027-01-01",
      endOn: null,
      mode: "issue",
    });
    const sent = (context.jobs as unknown as { sent: { name: string }[] }).sent;
    const handedOn = () => sent.filter((j) => j.name === "recurring.run").length;
    // No time at all: one occurrence per job, each handing the rest on.
    expect(await runDueRecurring(deps, "2027-03-06", 0)).toBe(1);
    expect(handedOn()).toBe(1);
    expect(await runDueRecurring(deps, "2027-03-06", 0)).toBe(1);
    expect(await runDueRecurring(deps, "2027-03-06", 0)).toBe(1);
    expect(handedOn()).toBe(2);
    expect(await runDueRecurring(deps, "2027-03-06", 0)).toBe(0);
    const docs = await documentsOf(db, me.companyId);
    expect(docs.map((d) => [d.occurrenceOn, d.status])).toEqual([
      ["2027-01-05", "issued"],
      ["2027-02-05", "issued"],
      ["2027-03-05", "issued"],
    ]);
  });

  it("over the company's 100 mails an hour, issues and e-mails later: never paused, never left unsent", async () => {
    const { db, me, id, deps, context } = await setup();
    const recurring = await createRecurring(db, me.companyId, id, {
      name: "Наем",
      frequency: "monthly",
      dayOfMonth: 5,
      startOn: "2027-01-01",
      endOn: null,
      mode: "issue_and_email",
    });
    // This hour's 100 e-mails are spent.
    const key = `document-mail:${me.companyId}`;
    await db
      .insertInto("rateLimits")
      .values({ key, hits: 100, windowEndsAt: new Date(Date.now() + 30 * 60_000) })
      .execute();
    expect(await runDueRecurring(deps, "2027-01-05")).toBe(1);
    const [row] = await listRecurring(db, me.companyId);
    expect(row).toMatchObject({ id: recurring, status: "active", lastError: null });
    const [doc] = await documentsOf(db, me.companyId);
    expect(doc).toMatchObject({ status: "issued" });
    const emailOf = () =>
      db
        .selectFrom("documentEmails")
        .select(["id", "status", "sendAfter"])
        .where("documentId", "=", doc!.id)
        .executeTakeFirstOrThrow();
    const waiting = await emailOf();
    expect(waiting.status).toBe("queued");
    expect(waiting.sendAfter?.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    const later = () =>
      (
        context.jobs as unknown as {
          sent: { name: string; options: { startAfterSeconds?: number } }[];
        }
      ).sent;
    expect(later().filter((j) => j.name === "mail.document")).toEqual([
      expect.objectContaining({
        options: expect.objectContaining({ startAfterSeconds: expect.any(Number) }),
      }),
    ]);

    // The document's page says it waits, and until when.
    const session = await signInApi(db, me.user);
    const page = await import("~/routes/_app.invoice.$id");
    const shown = (await (
      await call(page.loader, db, `/invoice/${doc!.id}`, {
        headers: { Cookie: session.cookie },
        params: { id: doc!.id },
      })
    ).json()) as { emails: { status: string; sendAfter: string | null }[] };
    expect(shown.emails).toEqual([
      expect.objectContaining({ status: "queued", sendAfter: waiting.sendAfter?.toISOString() }),
    ]);

    // Its job comes early (a retry, a clock): the hour is still full, so it waits again.
    expect(await runJob(context, "mail.document", { emailId: waiting.id })).toBe("waiting");
    expect((await emailOf()).status).toBe("queued");
    expect(later().filter((j) => j.name === "mail.document")).toHaveLength(2);

    // The next hour: it is sent, and counted in that hour.
    await db
      .updateTable("rateLimits")
      .set({ windowEndsAt: new Date(Date.now() - 1000) })
      .where("key", "=", key)
      .execute();
    expect(await runJob(context, "mail.document", { emailId: waiting.id })).toBe("sent");
    expect(await emailOf()).toMatchObject({ status: "sent", sendAfter: null });
    const counter = await db
      .selectFrom("rateLimits")
      .select("hits")
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    expect(counter.hits).toBe(1);
  });

  it("pauses itself with the reason when an occurrence cannot be made", async () => {
    const { db, me, id, deps } = await setup("");
    await createRecurring(db, me.companyId, id, {
      name: "Без имейл",
      frequency: "monthly",
      dayOfMonth: 1,
      startOn: "2027-01-01",
      endOn: null,
      mode: "issue_and_email",
    });
    await runDueRecurring(deps, "2027-01-01");
    const [row] = await listRecurring(db, me.companyId);
    expect(row).toMatchObject({ status: "paused" });
    expect(row?.lastError).toMatch(/няма имейл/);
  });
});

describe("reminders of overdue documents", () => {
  async function overdue(email = "buh@klient.bg") {
    const s = await setup(email);
    await issueDocument(s.db, s.me.companyId, s.id);
    await saveReminderSettings(s.db, s.me.companyId, {
      enabled: true,
      days: [3, 10, 30],
      message: null,
    });
    return s;
  }

  it("sends the latest step that has come, once; never for a paid or cancelled document", async () => {
    const { db, me, id, deps } = await overdue();
    // Due 30.11.2026.
    expect(await runReminders(deps, "2026-12-02")).toBe(0);
    expect(await runReminders(deps, "2026-12-03")).toBe(1);
    expect(await runReminders(deps, "2026-12-03")).toBe(0);
    // Down for two weeks: the 10-day step is sent (once), not the 3-day one again.
    expect(await runReminders(deps, "2026-12-17")).toBe(1);
    expect(await runReminders(deps, "2026-12-18")).toBe(0);
    const steps = await db
      .selectFrom("documentReminders")
      .innerJoin("documentEmails", "documentEmails.id", "documentReminders.emailId")
      .select(["daysAfter", "documentEmails.status", "documentEmails.kind"])
      .where("documentReminders.documentId", "=", id)
      .orderBy("daysAfter")
      .execute();
    expect(steps).toEqual([
      { daysAfter: 3, status: "sent", kind: "reminder" },
      { daysAfter: 10, status: "sent", kind: "reminder" },
    ]);
    // Paid in full: no 30-day reminder.
    await db.updateTable("documents").set({ paidCents: 12000 }).where("id", "=", id).execute();
    expect(await runReminders(deps, "2026-12-31")).toBe(0);
    expect(me.companyId).toBeTruthy();
  });

  it("does nothing while turned off, and skips a reminder paid between queueing and sending", async () => {
    const { db, me, id, deps } = await overdue();
    await saveReminderSettings(db, me.companyId, { enabled: false, days: [3], message: null });
    expect(await runReminders(deps, "2026-12-05")).toBe(0);
    expect(await getReminderSettings(db, me.companyId)).toEqual({
      enabled: false,
      days: [3],
      message: null,
    });
    await db.updateTable("documents").set({ status: "cancelled" }).where("id", "=", id).execute();
    await saveReminderSettings(db, me.companyId, { enabled: true, days: [3], message: null });
    expect(await runReminders(deps, "2026-12-05")).toBe(0);
  });
});

describe("the pages", () => {
  it("«Направи периодична» makes one from an invoice, refuses a bad schedule keeping what was typed, and 404s another company's", async () => {
    const { db, me, id } = await setup();
    const session = await signInApi(db, me.user);
    const headers = { Cookie: session.cookie };
    const page = await import("~/routes/_app.invoices_.recurring_.new");
    const shown = await call(page.loader, db, `/invoices/recurring/new?from=${id}`, { headers });
    expect(shown.status).toBe(200);
    const fields = {
      name: "Поддръжка",
      frequency: "monthly",
      dayOfMonth: "32",
      startOn: "2027-01-01",
      endOn: "",
      mode: "issue",
    };
    const refused = await call(
      page.action,
      db,
      `/invoices/recurring/new?from=${id}`,
      formBody(fields, headers),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: { dayOfMonth: "Денят е число от 1 до 31" },
      repopulateFields: { name: "Поддръжка", dayOfMonth: "32" },
    });
    const made = await call(
      page.action,
      db,
      `/invoices/recurring/new?from=${id}`,
      formBody({ ...fields, dayOfMonth: "31" }, headers),
    );
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe("/invoices/recurring");

    const list = await import("~/routes/_app.invoices_.recurring");
    const listed = (await (
      await call(list.loader, db, "/invoices/recurring", { headers })
    ).json()) as {
      recurring: { id: string; name: string; nextRunOn: string; mode: string }[];
    };
    expect(listed.recurring).toEqual([
      expect.objectContaining({ name: "Поддръжка", nextRunOn: "2027-01-31", mode: "issue" }),
    ]);
    const paused = await call(
      list.action,
      db,
      "/invoices/recurring",
      formBody({ intent: "pause", id: listed.recurring[0]!.id }, headers),
    );
    expect(paused.status).toBe(302);

    // The owner of another company, and members of it as each role (issue #29).
    for (const other of await strangersOf(db, me)) {
      const as = { Cookie: other.cookie };
      await expectOutsider(other, [
        [
          "documents.edit",
          "page",
          () => call(page.loader, db, `/invoices/recurring/new?from=${id}`, { headers: as }),
        ],
        [
          "documents.edit",
          "form",
          () =>
            call(
              list.action,
              db,
              "/invoices/recurring",
              formBody({ intent: "pause", id: listed.recurring[0]!.id }, as),
            ),
        ],
      ]);
      const theirs = (await (
        await call(list.loader, db, "/invoices/recurring", { headers: as })
      ).json()) as { recurring: unknown[] };
      expect(theirs.recurring, other.label).toEqual([]);
    }
  });

  it("«Направи периодична» starts one period after the source, and fills period placeholders in each occurrence (issue #41, item 7)", async () => {
    const { db, me, deps } = await setup();
    const today = todayInSofia();
    // A document of today: starting today (as before) would make a second invoice for its month.
    const id = await createDraft(
      db,
      me.companyId,
      null,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: today,
        currency: "EUR",
        notes: "Период: {период}",
        lines: [
          { description: "Поддръжка", quantity: "1", unit: "мес.", unitPrice: "100", vatRate: 20 },
          { description: "Хостинг", quantity: "1", unit: "мес.", unitPrice: "10", vatRate: 20 },
        ],
      }),
    );
    const session = await signInApi(db, me.user);
    const headers = { Cookie: session.cookie };
    const page = await import("~/routes/_app.invoices_.recurring_.new");
    const url = `/invoices/recurring/new?from=${id}`;
    const shown = (await (await call(page.loader, db, url, { headers })).json()) as {
      defaults: Record<string, string>;
    };
    const [y, m, d] = today.split("-").map(Number) as [number, number, number];
    const nextMonth = new Date(Date.UTC(y, m, 1));
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const expected = `${nextMonth.toISOString().slice(0, 8)}${String(Math.min(d, lastDay)).padStart(2, "0")}`;
    expect(shown.defaults).toMatchObject({
      frequency: "monthly",
      startOn: expected,
      dayOfMonth: String(d),
      "line-0": "Поддръжка",
      "line-1": "Хостинг",
    });

    const fields = {
      name: "Поддръжка",
      frequency: "monthly",
      dayOfMonth: "5",
      startOn: "2027-01-01",
      endOn: "",
      mode: "draft",
      "line-0": "Поддръжка за {месец} {година}",
      "line-1": "Хостинг ({предходен месец} {година на предходния месец})",
    };
    // «Преглед» without JavaScript: the form again with what was typed; nothing is made.
    const preview = await call(
      page.action,
      db,
      url,
      formBody({ ...fields, intent: "preview" }, headers),
    );
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      formId: "recurring",
      repopulateFields: { "line-0": "Поддръжка за {месец} {година}" },
    });
    expect(await listRecurring(db, me.companyId)).toEqual([]);
    const blank = await call(page.action, db, url, formBody({ ...fields, "line-1": " " }, headers));
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({
      fieldErrors: { "line-1": "Въведете описание на реда" },
    });
    const made = await call(
      page.action,
      db,
      url,
      formBody({ ...fields, intent: "create" }, headers),
    );
    expect(made.status).toBe(302);

    // Down until the 6th of February: each occurrence names its own month.
    await runDueRecurring(deps, "2027-02-06");
    const docs = await documentsOf(db, me.companyId);
    expect(docs.map((doc) => [doc.occurrenceOn, doc.notes])).toEqual([
      ["2027-01-05", "Период: януари 2027"],
      ["2027-02-05", "Период: февруари 2027"],
    ]);
    const lines = await db
      .selectFrom("documentLines")
      .select(["documentId", "description"])
      .where(
        "documentId",
        "in",
        docs.map((doc) => doc.id),
      )
      .orderBy("position")
      .execute();
    expect(lines.filter((l) => l.documentId === docs[0]!.id).map((l) => l.description)).toEqual([
      "Поддръжка за януари 2027",
      "Хостинг (декември 2026)",
    ]);
    expect(lines.filter((l) => l.documentId === docs[1]!.id).map((l) => l.description)).toEqual([
      "Поддръжка за февруари 2027",
      "Хостинг (януари 2027)",
    ]);
  });

  it("/settings turns reminders on with the days, and refuses days it cannot read", async () => {
    const { db, me } = await setup();
    const session = await signInApi(db, me.user);
    const settings = await import("~/routes/_app.settings");
    const bad = await call(
      settings.action,
      db,
      "/settings",
      formBody(
        { intent: "reminders", enabled: "on", days: "3, десет" },
        { Cookie: session.cookie },
      ),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      formId: "reminders",
      fieldErrors: { days: expect.stringContaining("до 5 числа") },
      repopulateFields: { days: "3, десет" },
    });
    const ok = await call(
      settings.action,
      db,
      "/settings",
      formBody(
        { intent: "reminders", enabled: "on", days: "30, 3, 10" },
        { Cookie: session.cookie },
      ),
    );
    expect(ok.status).toBe(302);
    expect(await getReminderSettings(db, me.companyId)).toEqual({
      enabled: true,
      days: [3, 10, 30],
      message: null,
    });
  });
});
