import { describe, expect, it } from "vitest";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { documentMail, reminderMail } from "~/modules/mail/templates.server";
import { action as pageAction } from "~/routes/_app.invoice.$id";
import { addDays, todayInSofia } from "~/utils/dates";
import { createCompanyWithClient } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/** An issued invoice of a new company, the client with an e-mail, and its owner's session. */
async function issuedInvoice(days: { issue: string; due: string }) {
  const c = await createCompanyWithClient(getDb());
  await getDb()
    .updateTable("clients")
    .set({ emails: ["buh@klient.bg"] })
    .where("id", "=", c.clientId)
    .execute();
  const id = await createDraft(
    getDb(),
    c.companyId,
    c.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: c.clientId,
      issueDate: days.issue,
      dueDate: days.due,
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
    }),
  );
  const doc = await issueDocument(getDb(), c.companyId, id);
  const { name } = await getDb()
    .selectFrom("companies")
    .select("name")
    .where("id", "=", c.companyId)
    .executeTakeFirstOrThrow();
  return {
    ...c,
    id,
    number: doc.number!,
    companyName: name,
    ...(await signInApi(getDb(), c.user)),
  };
}

type Preview = {
  formId: string;
  preview: { subject: string; text: string };
  repopulateFields: Record<string, string>;
};

const nbsp = (text: string) => text.replace(/\u00a0/g, " ");
const count = (text: string, part: string) => text.split(part).length - 1;

describe("a document's e-mail: the sender's message and «Преглед» (issue #41 item 12)", () => {
  it("«Преглед» answers the e-mail as the client gets it, keeps the form as typed and sends nothing", async () => {
    const today = todayInSofia();
    const me = await issuedInvoice({ issue: today, due: addDays(today, 14) });
    const preview = async (fields: Record<string, string>) => {
      const answer = await call(pageAction, getDb(), `/invoice/${me.id}`, {
        ...formBody({ intent: "previewSend", to: "", copy: "", ...fields }, { Cookie: me.cookie }),
        params: { id: me.id },
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as Preview;
    };

    const own = await preview({ message: "Здравейте, Иване!\nБлагодарим за поръчката." });
    expect(own.formId).toBe("send");
    expect(own.preview.subject).toBe(`Фактура № ${me.number} от ${me.companyName}`);
    const text = nbsp(own.preview.text);
    // The message is the letter's opening: one greeting (the person's), no fixed sign-off.
    expect(text.startsWith("Здравейте, Иване!\nБлагодарим за поръчката.")).toBe(true);
    expect(count(text, "Здравейте")).toBe(1);
    expect(text).not.toContain("Поздрави");
    expect(text).toContain(`Изпращаме ви фактура № ${me.number} от ${me.companyName}.`);
    expect(text).toContain("Сума: 120,00 EUR");
    expect(own.repopulateFields.message).toBe("Здравейте, Иване!\nБлагодарим за поръчката.");

    // Without a message the standard greeting and sign-off frame it.
    const plain = nbsp((await preview({ message: "" })).preview.text);
    expect(plain.startsWith("Здравейте,\n\nИзпращаме ви")).toBe(true);
    expect(plain.endsWith(`Поздрави,\n${me.companyName}`)).toBe(true);

    const queued = await getDb()
      .selectFrom("documentEmails")
      .select("id")
      .where("documentId", "=", me.id)
      .execute();
    expect(queued).toHaveLength(0);

    // A refused message answers at the form, as «Изпрати» does.
    const tooLong = await call(pageAction, getDb(), `/invoice/${me.id}`, {
      ...formBody({ intent: "previewSend", message: "д".repeat(1001) }, { Cookie: me.cookie }),
      params: { id: me.id },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ formId: "send" });
  });

  it("a reminder with a note drops the reminder's greeting and sign-off, in the preview and in the e-mail", async () => {
    const today = todayInSofia();
    const me = await issuedInvoice({ issue: addDays(today, -20), due: addDays(today, -5) });
    const answer = await call(pageAction, getDb(), `/invoice/${me.id}`, {
      ...formBody(
        { intent: "previewRemind", to: "", message: "Добър ден, г-н Петров,", copy: "" },
        { Cookie: me.cookie },
      ),
      params: { id: me.id },
    });
    expect(answer.status).toBe(200);
    const { formId, preview } = (await answer.json()) as Preview;
    expect(formId).toBe("remind");
    const text = nbsp(preview.text);
    expect(text.startsWith("Добър ден, г-н Петров,\n\nНапомняме ви")).toBe(true);
    expect(text).not.toContain("Здравейте");
    expect(text).not.toContain("Поздрави");

    const pdf = { filename: "f.pdf", content: Buffer.from("%PDF") };
    const mail = reminderMail({
      title: `Фактура № ${me.number}`,
      companyName: me.companyName,
      issueDate: "01.11.2026",
      dueDate: "10.11.2026",
      amountDue: "120,00 EUR",
      iban: null,
      bankName: null,
      message: null,
      to: "buh@klient.bg",
      replyTo: "firma@example.bg",
      pdf,
      note: "Добър ден, г-н Петров,",
    });
    expect(mail.text.startsWith("Добър ден, г-н Петров,\n\nНапомняме ви")).toBe(true);
    expect(mail.text).not.toContain("Здравейте");
    expect(mail.html).not.toContain("Здравейте");

    const sent = documentMail({
      title: `Фактура № ${me.number}`,
      companyName: me.companyName,
      total: "120,00 EUR",
      dueDate: null,
      english: false,
      message: "Здравейте, Иване!",
      to: "buh@klient.bg",
      replyTo: "firma@example.bg",
      pdf,
    });
    expect(count(sent.text, "Здравейте")).toBe(1);
    expect(count(sent.html, "Здравейте")).toBe(1);
    expect(sent.text).not.toContain("Поздрави");
  });
});
