import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import iconv from "iconv-lite";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { runJob } from "~/composition.server";
import { createCatalogueItem, setCatalogueArchived } from "~/modules/catalogue/queries.server";
import { catalogueItemSchema } from "~/modules/catalogue/schema";
import { createClient, setArchived } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { issueProtocol } from "~/modules/expenses/protocols.server";
import { sweepExports } from "~/modules/export/service.server";
import { cancelDocument, createDraft, getDocument } from "~/modules/invoices/documents.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { issueWithPdf } from "~/modules/invoices/render.server";
import { documentSchema } from "~/modules/invoices/schema";
import { createOffer } from "~/modules/offers/queries.server";
import { offerSchema } from "~/modules/offers/schema";
import { buildFiles, saveFilingSettings, vatReport } from "~/modules/vat/report.server";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_app.settings_.delete";
import { action as exportPage, loader as exportPageLoader } from "~/routes/_app.settings_.export";
import { loader as exportsGet, action as exportsPost } from "~/routes/api.export";
import { loader as exportGet } from "~/routes/api.export.$id";
import { loader as exportDownload } from "~/routes/api.export.$id.download";
import { loader as expensesCsv } from "~/routes/expenses.export[.]csv";
import { loader as ublGet } from "~/routes/invoice.$id.ubl";
import { loader as documentsCsv } from "~/routes/invoices.export[.]csv";
import { loader as salariesCsv } from "~/routes/salaries.export[.]csv";
import { makeContext } from "../setup/context";
import {
  createCompanyOnPlan,
  createCompanyWithClient,
  createTestExpense,
  createTestSalary,
  TINY_PNG,
} from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The company's export (issue #28 items 3 and 4, decision 027): the ZIP holds every file its
 * README.txt names; its CSVs are byte for byte what the list exports give; its PDFs are the
 * stored ones; its VAT files are the VAT module's and its UBL files the e-invoice download's; the
 * API answers 202/200/404/401 and never another company's export; the deletion page refuses
 * without the export confirmation and keeps the export for the 30 days.
 */

const getDb = setupTestDatabase();
const MONTH = "2026-10";
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "smetka-export-"));
  dirs.push(dir);
  return dir;
}

/** A VAT-registered full-plan company with books of every kind, signed in. */
async function company() {
  const db = getDb();
  const me = await createCompanyOnPlan(db, "full");
  await db
    .updateTable("companies")
    .set({ eik: "175074752", name: "Експорт Тест ООД" })
    .where("id", "=", me.companyId)
    .execute();
  // A client the e-invoice can reach (EN 16931: a VAT number or an e-mail).
  await db
    .updateTable("clients")
    .set({ vatNumber: "BG175074752", emails: ["office@beta.bg"] })
    .where("id", "=", me.clientId)
    .execute();
  const dir = await dataDir();
  const context = makeContext(db, { dataDir: dir });
  await saveFilingSettings(db, me.companyId, {
    filerName: "Мария Иванова",
    filerEgn: "8501011234",
    filerRole: "R",
    filerCity: "София",
    filerPostalCode: "1000",
    filerAddress: "бул. Витоша 1",
    creditCoefficient: 1,
  });
  const line = (unitPrice: string, description = "Услуга") => ({
    description,
    quantity: "1",
    unit: "бр.",
    unitPrice,
    vatRate: 20,
  });
  let day = 0;
  const draft = (fields: Record<string, unknown>) =>
    createDraft(
      db,
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: `${MONTH}-${String(++day).padStart(2, "0")}`,
        currency: "EUR",
        lines: [line("100")],
        ...fields,
      }),
    );
  const issue = async (fields: Record<string, unknown>) => {
    const id = await draft(fields);
    await issueWithPdf(context, me.companyId, id);
    return id;
  };
  const invoice = await issue({ lines: [line("1000"), line("250", "Консултация")] });
  const english = await issue({ language: "en", lines: [line("300", "Consulting")] });
  await issue({ type: "proforma" });
  await issue({ type: "credit_note", originalId: invoice, reason: "Отстъпка" });
  const cancelled = await issue({});
  await cancelDocument(db, me.companyId, cancelled, "Грешка в цената");
  await draft({});
  const issued = (await getDocument(db, me.companyId, invoice))!;
  await addPayment(db, me.companyId, issued, {
    paidOn: "2026-10-20",
    amount: 50_000,
    method: "bank",
    note: "Първа вноска",
  });
  const other = await createClient(
    db,
    me.companyId,
    clientSchema.parse({
      kind: "individual",
      name: "=Стар клиент",
      city: "Варна",
      address: "ул. 1",
    }),
  );
  await setArchived(db, me.companyId, other.id, true);
  await createCatalogueItem(
    db,
    me.companyId,
    catalogueItemSchema.parse({ name: "Консултация", unitPrice: "80.5", vatRate: 20 }),
  );
  const old = await createCatalogueItem(
    db,
    me.companyId,
    catalogueItemSchema.parse({ name: "Стар артикул", unitPrice: "1", vatRate: 9 }),
  );
  await setCatalogueArchived(db, me.companyId, old.id, true);
  const receipt = (fileName: string) => ({
    fileName,
    declaredType: "image/png",
    bytes: TINY_PNG,
    type: "image/png" as const,
  });
  await createTestExpense(
    db,
    me.companyId,
    { documentDate: "2026-10-15", documentNumber: "0000000077" },
    [receipt("бон.png"), receipt("бон.png"), receipt("CON.png"), receipt(" ..скрит\u202e.png")],
  );
  // Google Ireland's advertising: Сметка's protocol under чл. 117 (decision 073).
  const google = await createTestExpense(db, me.companyId, {
    supplierName: "Google Ireland Limited",
    supplierEik: null,
    supplierVatNumber: "IE6388047V",
    documentDate: "2026-10-05",
    amounts: [{ vatRate: null, base: "100.00" }],
  });
  await issueProtocol(db, me.companyId, google.id, {}, me.user.id);
  await createTestSalary(db, me.companyId, MONTH);
  // An offer (issue #48 item 5): its PDF and its row in Оферти.csv.
  await createOffer(
    db,
    me.companyId,
    { id: me.user.id, email: null, name: "Тест", role: null, impersonatorEmail: null, ip: null },
    offerSchema.parse({
      clientId: me.clientId,
      issueDate: `${MONTH}-20`,
      validUntil: "2099-12-31",
      lines: [line("100")],
    }),
  );
  const session = await signInApi(db, me.user);
  return {
    ...me,
    dir,
    page: { Cookie: session.cookie },
    api: session.bearer,
    invoice,
    english,
  };
}

type Company = Awaited<ReturnType<typeof company>>;

/** Asks for the export from the settings page (the inline queue builds it at once). */
async function exportFromSettings(me: Company) {
  const asked = await call(exportPage, getDb(), "/settings/export", {
    ...formBody({ intent: "start-export" }, me.page),
    config: { dataDir: me.dir },
  });
  expect(asked.status).toBe(302);
  const page = await (
    await call(exportPageLoader, getDb(), "/settings/export", {
      headers: me.page,
      config: { dataDir: me.dir },
    })
  ).json();
  return page.exports[0] as { id: string; state: string; files: number };
}

async function download(me: Company, id: string, headers: Record<string, string> = me.api) {
  return call(exportDownload, getDb(), `/api/export/${id}/download`, {
    headers,
    params: { id },
    config: { dataDir: me.dir },
  });
}

const text = (bytes: Uint8Array) => strFromU8(bytes);

/** The names README.txt gives, each a file or a pattern ("Документи/*\/*.pdf"). */
function namedInReadme(readme: string): string[] {
  return readme
    .split("\r\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2, line.indexOf(" — ")));
}

const asPattern = (name: string) =>
  new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]+")}$`);

describe("the company export's content", () => {
  it("holds every file README.txt names: the stored PDFs, the UBL, the VAT files, the list exports' CSVs, the receipts", async () => {
    const db = getDb();
    const me = await company();
    const made = await exportFromSettings(me);
    expect(made.state).toBe("ready");

    const response = await download(me, made.id, me.page);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toContain("attachment");
    const zip = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(zip.length);
    const files = unzipSync(zip);
    const names = Object.keys(files);
    expect(names.length).toBe(made.files);

    // Every file README.txt names is there, and every file there is named by one of its lines.
    const readme = text(files["README.txt"]!).replace(/^\uFEFF/, "");
    expect(readme).toContain("Експорт Тест ООД (ЕИК 175074752)");
    expect(readme).toContain("ведомости за заплати — 50 години");
    const named = namedInReadme(readme);
    for (const name of named) {
      expect([name, names.some((n) => asPattern(name).test(n))]).toEqual([name, true]);
    }
    for (const name of names) {
      expect([name, named.some((n) => asPattern(n).test(name))]).toEqual([name, true]);
    }

    // The PDFs are the stored ones, byte for byte (the cancelled one too, named so).
    const stored = await db
      .selectFrom("documentPdfs as p")
      .innerJoin("documents as d", "d.id", "p.documentId")
      .select(["d.number", "d.type", "d.status", "d.language", "p.data"])
      .where("p.companyId", "=", me.companyId)
      .execute();
    expect(stored.length).toBe(5);
    for (const pdf of stored) {
      const title =
        pdf.language === "en"
          ? "Invoice"
          : {
              invoice: "Фактура",
              proforma: "Проформа",
              credit_note: "Кредитно-известие",
              debit_note: "",
            }[pdf.type];
      const name = `Документи/2026/${title}-${pdf.number}${pdf.status === "cancelled" ? "-анулиран" : ""}.pdf`;
      expect([name, Buffer.compare(Buffer.from(files[name] ?? []), Buffer.from(pdf.data))]).toEqual(
        [name, 0],
      );
    }
    // Drafts have no PDF; the proforma and the cancelled invoice no e-invoice.
    expect(names.filter((n) => n.startsWith("Документи/") && n.endsWith(".pdf")).length).toBe(5);
    // The offer: its PDF rendered now, its row with its state and sums (issue #48 item 5).
    expect(names.filter((n) => n.startsWith("Оферти/"))).toEqual([
      "Оферти/2026/Оферта-0000000001.pdf",
    ]);
    expect(text(files["Оферти/2026/Оферта-0000000001.pdf"]!.subarray(0, 5))).toBe("%PDF-");
    expect(text(files["Оферти.csv"]!)).toContain(
      "0000000001;20.10.2026;31.12.2099;Клиент Бета ООД;EUR;100,00;20,00;120,00;Изпратена;Фактура;",
    );
    expect(names.filter((n) => n.endsWith(".xml")).length).toBe(3);

    // The UBL files are the e-invoice download's.
    const ubl = await call(ublGet, db, `/invoice/${me.invoice}/ubl`, {
      headers: me.page,
      params: { id: me.invoice },
    });
    expect(ubl.status).toBe(200);
    expect(text(files["Документи/2026/Фактура-0000000001.xml"]!)).toBe(await ubl.text());

    // The CSVs are what the list exports give (their columns and their rows).
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Sofia" });
    const documents = await call(documentsCsv, db, "/invoices/export.csv", { headers: me.page });
    expect(text(files["Документи.csv"]!)).toBe(await documents.text());
    const expenses = await call(expensesCsv, db, "/expenses/export.csv", { headers: me.page });
    expect(text(files["Разходи.csv"]!)).toBe(await expenses.text());
    const salaries = await call(salariesCsv, db, `/salaries/export.csv?month=${MONTH}`, {
      headers: me.page,
    });
    expect(text(files[`Заплати/Заплати-${MONTH}.csv`]!)).toBe(await salaries.text());
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const header = (name: string) =>
      text(files[name]!)
        .split("\r\n")[0]!
        .replace(/^\uFEFF/, "");
    expect(header("Клиенти.csv").split(";")).toContain("ДДС номер");
    expect(text(files["Клиенти.csv"]!)).toContain("'=Стар клиент");
    expect(text(files["Артикули.csv"]!)).toContain("Консултация;;бр.;80,50;20 %;;не");
    expect(text(files["Артикули.csv"]!)).toContain("Стар артикул;;бр.;1,00;9 %;;да");
    // The protocol's PDF, drawn at the export, with its number in it.
    const protocolPdf = files["Протоколи по чл. 117/2026/Протокол-0000000001.pdf"];
    expect(
      Buffer.from(protocolPdf ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(readme).toContain("Протоколи по чл. 117/*/*.pdf — 1 протокол");
    expect(text(files["Протоколи по чл. 117.csv"]!)).toContain(
      "0000000001;05.10.2026;Услуга от доставчик от ЕС (чл. 21, ал. 2 и чл. 82, ал. 2 ЗДДС);05.10.2026;Google Ireland Limited;IE6388047V;",
    );
    expect(text(files["Протоколи по чл. 117.csv"]!)).toContain(
      ";EUR;100,00;20 %;20,00;20,00;Издаден;;",
    );
    expect(text(files["Плащания.csv"]!)).toContain(
      "Фактура;0000000001;01.10.2026;Клиент Бета ООД;20.10.2026;500,00;EUR;Банков превод;Първа вноска",
    );

    // The VAT files of each month are the VAT module's.
    for (const month of [MONTH, "2026-11"]) {
      const report = await vatReport(db, me.companyId, month, true);
      const built = buildFiles(report);
      const problems = [...report.problems, ...built.problems];
      if (problems.length) {
        expect(text(files[`ДДС/${month}/ПРОБЛЕМИ.txt`]!)).toContain(problems[0]!.message);
        continue;
      }
      for (const file of built.files) {
        const name = `ДДС/${month}/${file.name}`;
        expect([name, Buffer.compare(Buffer.from(files[name]!), Buffer.from(file.bytes))]).toEqual([
          name,
          0,
        ]);
      }
    }
    expect(iconv.decode(Buffer.from(files[`ДДС/${MONTH}/PRODAGBI.TXT`]!), "win1251")).toContain(
      "0000000001",
    );

    // Receipts keep their names, made safe and told apart.
    const receipts = names.filter((n) => n.startsWith("Разходни документи/")).sort();
    expect(receipts.map((n) => n.split("/").slice(2).join("/"))).toEqual(
      ["_CON.png", "бон (2).png", "бон.png", "скрит_.png"].sort(),
    );
    expect(receipts[0]!.split("/")[1]).toMatch(/^2026-10-15 0000000077 [0-9a-f]{8}$/);
  });

  it("e-mails the link to who asked, and expires after its days (the file is deleted)", async () => {
    const db = getDb();
    const me = await company();
    const made = await exportFromSettings(me);
    const mail = await readdir(path.join(me.dir, "mail"));
    const sent = await Promise.all(
      mail.map((name) => readFile(path.join(me.dir, "mail", name), "utf8")),
    );
    const message = sent.find((m) => m.includes("http://localhost:3000/settings/export"));
    expect(message).toBeDefined();
    expect(message).toContain(me.user.email);

    const row = await db
      .selectFrom("companyExports")
      .select(["expiresAt", "readyAt"])
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    const days = (row.expiresAt!.getTime() - row.readyAt!.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
    await sweepExports(
      { db, config: makeContext(db, { dataDir: me.dir }).config },
      new Date(row.expiresAt!.getTime() + 1000),
    );
    const gone = await download(me, made.id);
    expect(gone.status).toBe(410);
    expect(await readdir(path.join(me.dir, "exports"))).toEqual([]);
  });
});

describe("the export API", () => {
  it("answers 202 with the status URL, 200 with the download once ready, 404 to another company, 401 to a guest", async () => {
    const db = getDb();
    const me = await company();
    const guest = await call(exportsPost, db, "/api/export", { method: "POST" });
    expect(guest.status).toBe(401);
    expect((await guest.json()).message).toMatch(/[А-я]/);

    const started = await call(exportsPost, db, "/api/export", {
      method: "POST",
      headers: me.api,
      config: { dataDir: me.dir },
    });
    expect(started.status).toBe(202);
    const body = await started.json();
    expect(started.headers.get("Location")).toBe(`/api/export/${body.id}`);
    expect(body.statusUrl).toBe(`/api/export/${body.id}`);

    const status = await call(exportGet, db, body.statusUrl, {
      headers: me.api,
      params: { id: body.id },
    });
    expect(status.status).toBe(200);
    const ready = await status.json();
    expect(ready).toMatchObject({
      state: "ready",
      percent: 100,
      downloadUrl: `/api/export/${body.id}/download`,
    });
    expect(ready.documentsDone).toBe(ready.documentsTotal);
    expect((await download(me, body.id)).status).toBe(200);
    expect((await call(exportGet, db, body.statusUrl, { params: { id: body.id } })).status).toBe(
      401,
    );
    expect((await download(me, body.id, {})).status).toBe(401);

    const list = await (await call(exportsGet, db, "/api/export", { headers: me.api })).json();
    expect(list.exports.map((x: { id: string }) => x.id)).toEqual([body.id]);

    // Another company sees none of it: the status and the download are 404, its list is empty.
    const other = await createCompanyWithClient(db);
    const stranger = await signInApi(db, other.user);
    for (const loader of [exportGet, exportDownload]) {
      const answer = await call(loader, db, `/api/export/${body.id}`, {
        headers: stranger.bearer,
        params: { id: body.id },
        config: { dataDir: me.dir },
      });
      expect(answer.status).toBe(404);
    }
    expect(
      (await (await call(exportsGet, db, "/api/export", { headers: stranger.bearer })).json())
        .exports,
    ).toEqual([]);
    for (const id of ["1", "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect(
        (await call(exportGet, db, `/api/export/${id}`, { headers: me.api, params: { id } }))
          .status,
      ).toBe(404);
    }
  });

  it("keeps one export in the making per company (409), and a step waits for another's lease", async () => {
    const db = getDb();
    const me = await company();
    const held = await db
      .insertInto("companyExports")
      .values({
        companyId: me.companyId,
        requestedBy: me.user.id,
        state: "running",
        runId: "00000000-0000-4000-8000-000000000001",
        heartbeatAt: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const again = await call(exportsPost, db, "/api/export", {
      method: "POST",
      headers: me.api,
      config: { dataDir: me.dir },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(
      "Вече се подготвя експорт на данните. Изчакайте го да завърши.",
    );
    const page = await call(exportPage, db, "/settings/export", {
      ...formBody({ intent: "start-export" }, me.page),
      config: { dataDir: me.dir },
    });
    expect(page.status).toBe(409);
    expect((await page.json()).formError).toContain("Вече се подготвя");
    const notReady = await download(me, held.id);
    expect(notReady.status).toBe(409);

    // A step while another holds the build does nothing and looks again after the lease.
    const context = makeContext(db, { dataDir: me.dir });
    await runJob(context, "export.build", { exportId: held.id });
    const jobs = context.jobs as unknown as {
      sent: { name: string; options: { startAfterSeconds?: number } }[];
    };
    expect(jobs.sent).toEqual([
      expect.objectContaining({
        name: "export.build",
        options: expect.objectContaining({ startAfterSeconds: 61 }),
      }),
    ]);
    const row = await db
      .selectFrom("companyExports")
      .select(["state", "entries"])
      .where("id", "=", held.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "running", entries: 0 });

    // Past the lease the step takes it over and builds the export.
    await sql`update company_exports set heartbeat_at = now() - interval '2 minutes' where id = ${held.id}`.execute(
      db,
    );
    await runJob(context, "export.build", { exportId: held.id });
    const done = await db
      .selectFrom("companyExports")
      .select("state")
      .where("id", "=", held.id)
      .executeTakeFirstOrThrow();
    expect(done.state).toBe("ready");
    // A build that stopped (no heartbeat for an hour) is given up by the sweep.
    const stuck = await db
      .insertInto("companyExports")
      .values({ companyId: me.companyId, state: "queued" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sweepExports({ db, config: context.config }, new Date(Date.now() + 2 * 3600_000));
    const failed = await db
      .selectFrom("companyExports")
      .select(["state", "error"])
      .where("id", "=", stuck.id)
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({
      state: "failed",
      error: "Подготовката на експорта спря. Опитайте отново.",
    });
  });
});

describe("the account-deletion page", () => {
  it("refuses without the export confirmation, then keeps the export until the deletion day", async () => {
    const db = getDb();
    const me = await company();
    const made = await exportFromSettings(me);
    const page = await (
      await call(deleteLoader, db, "/settings/delete", { headers: me.page })
    ).json();
    expect(page.latest).toMatchObject({ id: made.id, state: "ready" });
    expect(page.deletionScheduledAt).toBeNull();

    const unconfirmed = await call(
      deleteAction,
      db,
      "/settings/delete",
      formBody({ intent: "request-deletion", confirm: "on" }, me.page),
    );
    expect(unconfirmed.status).toBe(400);
    const answer = await unconfirmed.json();
    expect(answer.formError).toBe(
      "Потвърдете, че сте изтеглили експорта на данните или че се отказвате от него",
    );
    expect(answer.repopulateFields).toMatchObject({ confirm: "on" });
    const still = await db
      .selectFrom("users")
      .select("deletionScheduledAt")
      .where("id", "=", me.user.id)
      .executeTakeFirstOrThrow();
    expect(still.deletionScheduledAt).toBeNull();
    const onlyExport = await call(
      deleteAction,
      db,
      "/settings/delete",
      formBody({ intent: "request-deletion", exported: "on" }, me.page),
    );
    expect(onlyExport.status).toBe(400);

    // An export made just before: pretend its 30 days end before the deletion would.
    await db
      .updateTable("companyExports")
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where("id", "=", made.id)
      .execute();
    const requested = await call(
      deleteAction,
      db,
      "/settings/delete",
      formBody({ intent: "request-deletion", exported: "on", confirm: "on" }, me.page),
    );
    expect(requested.status).toBe(302);
    const user = await db
      .selectFrom("users")
      .select("deletionScheduledAt")
      .where("id", "=", me.user.id)
      .executeTakeFirstOrThrow();
    const kept = await db
      .selectFrom("companyExports")
      .select("expiresAt")
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(kept.expiresAt!.getTime()).toBe(user.deletionScheduledAt!.getTime());
    const cancelled = await call(
      deleteAction,
      db,
      "/settings/delete",
      formBody({ intent: "cancel-deletion" }, me.page),
    );
    expect(cancelled.status).toBe(302);
  });
});
