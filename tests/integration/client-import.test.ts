import { strToU8, zipSync } from "fflate";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { CLIENT_CSV_HEADER, clientCsvPage } from "~/modules/clients/csv.server";
import { CLIENT_IMPORT_LIMITS } from "~/modules/clients/import";
import { createClient, listClients } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { action, loader } from "~/routes/_app.clients_.import";
import { BODY_MESSAGES, bodyLimitFor, refusedBodyKind } from "~/utils/body-limit.server";
import { excelCsv } from "~/utils/csv.server";
import { createCompanyWithClient } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";
import { validEik } from "../setup/values";

const getDb = setupTestDatabase();

async function customer() {
  const made = await createCompanyWithClient(getDb());
  return { ...made, ...(await signInApi(getDb(), made.user)) };
}

type Me = Awaited<ReturnType<typeof customer>>;

interface Answer {
  formId: string;
  formError?: string;
  preview?: {
    file: string;
    fileName: string;
    clients: { line: number; name: string; eik: string | null; duplicate: string | null }[];
    refused: { line: number; name: string; reasons: string[] }[];
    ignoredColumns: string[];
  };
  report?: { added: number; refused: { line: number; name: string; reasons: string[] }[] };
}

/** «Прегледай»: the file posted as a browser without JavaScript posts it (multipart). */
async function preview(me: Me, bytes: Uint8Array, name = "клиенти.csv") {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("file", new File([new Uint8Array(bytes)], name, { type: "text/csv" }));
  const response = await call(action, getDb(), "/clients/import", {
    method: "POST",
    body: form,
    headers: { Cookie: me.cookie },
  });
  return { status: response.status, answer: (await response.json()) as Answer };
}

/** «Импортирай»: the preview's hidden fields posted back. */
async function importFile(me: Me, file: string, fileName = "клиенти.csv") {
  const response = await call(
    action,
    getDb(),
    "/clients/import",
    formBody({ intent: "import", file, fileName }, { Cookie: me.cookie }),
  );
  return { status: response.status, answer: (await response.json()) as Answer };
}

const names = async (companyId: string) =>
  (await listClients(getDb(), companyId, { limit: 500 })).clients.map((c) => c.name).sort();

/** A minimal .xlsx: the first sheet with shared strings (as Excel saves text) and a number. */
function xlsx(rows: (string | number)[][]): Uint8Array {
  const strings: string[] = [];
  const cells = rows.map(
    (row, r) =>
      `<row r="${r + 1}">${row
        .map((value, c) => {
          const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
          if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
          strings.push(value);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join("")}</row>`,
  );
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return zipSync({
    "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types/>'),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0"?><workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Клиенти" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/data.xml"/></Relationships>',
    ),
    "xl/sharedStrings.xml": strToU8(
      `<?xml version="1.0"?><sst ${ns}>${strings
        .map((s) => `<si><t>${s.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</t></si>`)
        .join("")}</sst>`,
    ),
    "xl/worksheets/data.xml": strToU8(
      `<?xml version="1.0"?><worksheet ${ns}><sheetData>${cells.join("")}</sheetData></worksheet>`,
    ),
  });
}

describe("/clients/import (issue #41 item 8)", () => {
  it("takes back our own clients' export into another company: the preview lists them, «Импортирай» adds them, a second import flags them all", async () => {
    const from = await customer();
    await createClient(
      getDb(),
      from.companyId,
      clientSchema.parse({
        kind: "foreign_company",
        name: "Acme GmbH",
        vatNumber: "DE123456789",
        address: "Hauptstraße 1",
        city: "Berlin",
        country: "Германия",
        emails: "billing@acme.test, boss@acme.test",
        currency: "EUR",
        language: "en",
        paymentTermDays: "30",
        vatTreatment: "reverse_charge",
      }),
    );
    const { rows } = await clientCsvPage(getDb(), from.companyId, false, null);
    const file = new TextEncoder().encode(excelCsv([CLIENT_CSV_HEADER, ...rows]));

    const to = await customer();
    expect(
      (await call(loader, getDb(), "/clients/import", { headers: { Cookie: to.cookie } })).status,
    ).toBe(200);
    const shown = await preview(to, file);
    expect(shown.status).toBe(200);
    expect(shown.answer.preview?.refused).toEqual([]);
    expect(shown.answer.preview?.ignoredColumns).toEqual([]);
    expect(shown.answer.preview?.clients.map((c) => [c.line, c.name, c.duplicate])).toEqual([
      [2, "Acme GmbH", null],
      [3, "Клиент Бета ООД", null],
    ]);
    // The preview adds nothing.
    expect(await names(to.companyId)).toEqual(["Клиент Бета ООД"]);

    const done = await importFile(to, shown.answer.preview!.file);
    expect(done.status).toBe(200);
    // «Клиент Бета ООД» of the other company has another ЕИК: it is a new client here.
    expect(done.answer.report).toMatchObject({ added: 2, refused: [] });
    // The kept file is used once: the same «Импортирай» again (a reload of the report, a double
    // click) adds nothing, not even a client no duplicate check could find (review of item 8).
    const reloaded = await importFile(to, shown.answer.preview!.file);
    expect(reloaded.status).toBe(400);
    expect(await names(to.companyId)).toHaveLength(3);
    const acme = (await listClients(getDb(), to.companyId, { q: "Acme" })).clients[0];
    expect(acme).toMatchObject({
      kind: "foreign_company",
      vatNumber: "DE123456789",
      countryCode: "DE",
      emails: ["billing@acme.test", "boss@acme.test"],
      language: "en",
      paymentTermDays: 30,
      vatTreatment: "reverse_charge",
    });

    const again = await preview(to, file);
    expect(again.answer.preview?.clients.map((c) => c.duplicate)).toEqual([
      "Вече имате клиент с този ДДС номер: «Acme GmbH»",
      "Вече имате клиент с този ЕИК/Булстат: «Клиент Бета ООД»",
    ]);
    // Nothing to add: no «Импортирай»; posting it anyway adds nothing and says why per line.
    const twice = await importFile(to, again.answer.preview!.file);
    expect(twice.answer.report?.added).toBe(0);
    expect(twice.answer.report?.refused.map((r) => r.line)).toEqual([2, 3]);
    expect((await names(to.companyId)).length).toBe(3);
  });

  it("reads another program's Windows-1251 CSV, flags duplicates against the clients and within the file, and reports refused rows by line", async () => {
    const me = await customer();
    const existing = (await listClients(getDb(), me.companyId, {})).clients[0]!;
    const fresh = validEik();
    const other = validEik();
    const csv = [
      "Име на фирмата;ЕИК/Булстат;Данъчен номер;МОЛ;Град;Адрес;Бележка",
      `Нова Фирма ЕООД;${fresh};BG${fresh};Иван Иванов;Пловдив;ул. Главна 1;стар клиент`,
      `Стара Фирма;${existing.eik};;;София;ул. Друга 2;`,
      `Пак Нова;;BG${fresh};;Варна;ул. Морска 3;`,
      "Без град ООД;123456789;;;;ул. Някоя 4;",
      `Друга Фирма АД;${other};;;Русе;"ул. ""Дунав"" 5; ет. 2";`,
    ].join("\r\n");
    const shown = await preview(me, iconv.encode(csv, "win1251"), "inv-клиенти.csv");
    expect(shown.status).toBe(200);
    const plan = shown.answer.preview!;
    expect(plan.fileName).toBe("inv-клиенти.csv");
    expect(plan.ignoredColumns).toEqual(["Бележка"]);
    expect(plan.clients.map((c) => [c.line, c.name, c.duplicate])).toEqual([
      [2, "Нова Фирма ЕООД", null],
      [3, "Стара Фирма", "Вече имате клиент с този ЕИК/Булстат: «Клиент Бета ООД»"],
      [4, "Пак Нова", "Повтаря ред 2 от файла (същият ЕИК/Булстат или ДДС номер)"],
      [6, "Друга Фирма АД", null],
    ]);
    expect(plan.refused).toHaveLength(1);
    expect(plan.refused[0]).toMatchObject({ line: 5, name: "Без град ООД" });
    expect(plan.refused[0]!.reasons.join(" ")).toContain("Градът е задължителен");

    const done = await importFile(me, plan.file, plan.fileName);
    expect(done.answer.report?.added).toBe(2);
    expect(done.answer.report?.refused.map((r) => [r.line, r.reasons[0]])).toEqual([
      [3, "Вече имате клиент с този ЕИК/Булстат: «Клиент Бета ООД»"],
      [4, "Повтаря ред 2 от файла (същият ЕИК/Булстат или ДДС номер)"],
      [5, expect.stringContaining("Градът е задължителен")],
    ]);
    const added = (await listClients(getDb(), me.companyId, { q: "Друга" })).clients[0];
    expect(added).toMatchObject({ kind: "company", eik: other, address: 'ул. "Дунав" 5; ет. 2' });
    expect(await names(me.companyId)).toEqual([
      "Друга Фирма АД",
      "Клиент Бета ООД",
      "Нова Фирма ЕООД",
    ]);
  });

  it("reads an Excel workbook's first sheet", async () => {
    const me = await customer();
    const eik = validEik();
    const file = xlsx([
      ["Име", "ЕИК", "Град", "Адрес", "Имейл"],
      ["Ексел & Син ООД", Number(eik), "Бургас", "ул. Александровска 1", "office@excel.test"],
    ]);
    const shown = await preview(me, file, "клиенти.xlsx");
    expect(shown.status).toBe(200);
    expect(shown.answer.preview?.clients).toEqual([
      expect.objectContaining({ line: 2, name: "Ексел & Син ООД", eik, duplicate: null }),
    ]);
    expect((await importFile(me, shown.answer.preview!.file)).answer.report?.added).toBe(1);
  });

  it("refuses a file over the limit with 413 and says the limit", async () => {
    // The edge takes the page's multipart body up to the file's limit and the form around it.
    const multipart = "multipart/form-data; boundary=x";
    const limits = { body: 1_048_576, upload: 26_214_400 };
    expect(refusedBodyKind(multipart, "/clients/import")).toBeNull();
    expect(refusedBodyKind(multipart, "/clients")).toBe(BODY_MESSAGES.noFiles);
    expect(bodyLimitFor(multipart, "/clients/import", limits)).toBeGreaterThan(
      CLIENT_IMPORT_LIMITS.maxBytes,
    );
    expect(bodyLimitFor(multipart, "/clients/import", limits)).toBeLessThan(3 * 1_048_576);
    const me = await customer();
    const big = await preview(me, new Uint8Array(CLIENT_IMPORT_LIMITS.maxBytes + 1).fill(65));
    expect(big.status).toBe(413);
    expect(big.answer.formError).toContain("по-голям от 2 MB");
  });

  it("refuses what it cannot read in Bulgarian, and a file kept for another company is not found", async () => {
    const me = await customer();
    const noFile = new FormData();
    noFile.set("intent", "preview");
    const empty = await call(action, getDb(), "/clients/import", {
      method: "POST",
      body: noFile,
      headers: { Cookie: me.cookie },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      formError: "Моля, изберете CSV или Excel (.xlsx) файл",
    });

    const noName = await preview(me, new TextEncoder().encode("Град;Адрес\nСофия;ул. 1"));
    expect(noName.status).toBe(400);
    expect(noName.answer.formError).toContain("колона «Име»");

    const rows = Array.from(
      { length: CLIENT_IMPORT_LIMITS.maxRows + 1 },
      (_, i) => `Клиент ${i};София;ул. ${i}`,
    );
    const long = await preview(
      me,
      new TextEncoder().encode(["Име;Град;Адрес", ...rows].join("\n")),
    );
    expect(long.status).toBe(400);
    expect(long.answer.formError).toContain(`повече от ${CLIENT_IMPORT_LIMITS.maxRows} реда`);

    const xls = await preview(
      me,
      Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    );
    expect(xls.status).toBe(400);
    expect(xls.answer.formError).toContain(".xls");

    const broken = await preview(me, Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "x.xlsx");
    expect(broken.status).toBe(400);
    expect(broken.answer.formError).toContain("Excel");

    // A file kept for this company, posted by another: not found, nothing added.
    const eik = validEik();
    const mine = await preview(
      me,
      new TextEncoder().encode(`Име;ЕИК;Град;Адрес\nЧужда ООД;${eik};София;ул. 1`),
    );
    const stranger = await customer();
    const stolen = await importFile(stranger, mine.answer.preview!.file);
    expect(stolen.status).toBe(400);
    expect(stolen.answer.formError).toContain("качете го отново");
    expect(await names(stranger.companyId)).toEqual(["Клиент Бета ООД"]);
    expect((await importFile(me, "../../etc/passwd")).status).toBe(400);

    const unknown = await call(
      action,
      getDb(),
      "/clients/import",
      formBody({ intent: "drop" }, { Cookie: me.cookie }),
    );
    expect(unknown.status).toBe(400);
  });
});
