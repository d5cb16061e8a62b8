import { pluralWord } from "~/utils/plural";
import { RETENTION_PERIODS } from "./constants";

/*
 * README.txt of the company's export, in Bulgarian: every file of the archive by its name, or by
 * its folder and extension for the many of one kind, one "- name — what it is"
 * line each (the tests read them back); what the CSV files are like, what could not be written,
 * and how long the law asks the company to keep what.
 */

export interface ExportSummary {
  companyName: string;
  eik: string | null;
  /** dd.mm.yyyy г. */
  madeOn: string;
  pdfs: number;
  cancelled: number;
  rendered: number;
  ubls: number;
  receipts: number;
  /** Offers' PDFs (issue #48 item 5). */
  offers: number;
  /** Protocols' PDFs under чл. 117 ЗДДС (decision 073). */
  protocols: number;
  /** The CSV files written, with their columns. */
  csv: { name: string; header: readonly string[]; what: string }[];
  /** The VAT files written (ДДС/yyyy-MM/NAME), and the months whose problems kept them back. */
  vatFiles: string[];
  vatProblemMonths: string[];
  vatRegistered: boolean;
  /** Documents or files that could not be written, with why. */
  skipped: { name: string; reason: string }[];
  skippedCount: number;
}

const n = (value: number) => value.toLocaleString("bg-BG").replace(/\s/g, " ");

const VAT_FILES: Record<string, string> = {
  "PRODAGBI.TXT": "дневник на продажбите",
  "POKUPKI.TXT": "дневник на покупките",
  "DEKLAR.TXT": "справка-декларация",
  "VIES.TXT": "VIES-декларация (вътреобщностни доставки)",
};

/** The README's text, lines ended with CR LF (Notepad shows them). */
export function exportReadme(s: ExportSummary): string {
  const lines: string[] = [];
  lines.push(`Експорт на данните на ${s.companyName}${s.eik ? ` (ЕИК ${s.eik})` : ""}`);
  lines.push(`Създаден от Сметка на ${s.madeOn}`);
  lines.push("");
  lines.push("СЪДЪРЖАНИЕ НА АРХИВА");
  lines.push("");
  lines.push("- README.txt — този файл: какво има в архива.");
  if (s.pdfs) {
    lines.push(
      `- Документи/*/*.pdf — ${n(s.pdfs)} ${pluralWord(s.pdfs, "издаден или анулиран документ", "издадени и анулирани документа")} (фактури, проформи, кредитни и дебитни известия) като PDF, в папка по година на издаване, напр. „Документи/2026/Фактура-0000000001.pdf“. Това е PDF файлът, съхранен при издаването — същият, който е получил клиентът${s.rendered ? ` (${n(s.rendered)} без съхранен PDF са създадени сега)` : ""}. Анулираните (${n(s.cancelled)}) са с „-анулиран“ в края на името.`,
    );
  }
  if (s.ubls) {
    lines.push(
      `- Документи/*/*.xml — ${n(s.ubls)} ${pluralWord(s.ubls, "електронна фактура", "електронни фактури")} UBL 2.1 (EN 16931) до PDF файла със същото име, напр. „Документи/2026/Фактура-0000000001.xml“: за издадените фактури, дебитни и кредитни известия; PDF документът е вложен в тях.`,
    );
  }
  if (s.offers) {
    lines.push(
      `- Оферти/*/*.pdf — ${n(s.offers)} ${pluralWord(s.offers, "оферта", "оферти")} като PDF, в папка по година на датата им, напр. „Оферти/2026/Оферта-0000000001.pdf“, създадени при експорта (офертата не е данъчен документ и не се съхранява като PDF). Списъкът им е в Оферти.csv.`,
    );
  }
  if (s.protocols) {
    lines.push(
      `- Протоколи по чл. 117/*/*.pdf — ${n(s.protocols)} ${pluralWord(s.protocols, "протокол", "протокола")} по чл. 117 ЗДДС като PDF, в папка по година на датата им, напр. „Протоколи по чл. 117/2026/Протокол-0000000001.pdf“, и анулираните. Списъкът им е в Протоколи по чл. 117.csv.`,
    );
  }
  for (const file of s.csv) {
    lines.push(`- ${file.name} — ${file.what} Колони: ${file.header.join("; ")}.`);
  }
  if (s.receipts) {
    lines.push(
      `- Разходни документи/*/* — ${n(s.receipts)} ${pluralWord(s.receipts, "файл, прикачен", "файла, прикачени")} към разходите, с имената, с които са качени (без знаци, които файловите системи не приемат). Папка за всеки разход: „дата номер код“, напр. „2026-11-05 0000000777 1a2b3c4d“ (датата и номерът са колоните „Дата“ и „Номер“ в Разходи.csv; кодът различава два разхода с еднаква дата и номер).`,
    );
  }
  for (const file of s.vatFiles) {
    const [, month = "", name = ""] = file.split("/");
    const [year, mm] = month.split("-");
    lines.push(
      `- ${file} — ${VAT_FILES[name] ?? "файл за НАП"} за ${mm}.${year} във формата на НАП (Windows-1251, фиксирана ширина), както ги дава страницата „Дневници по ДДС“.`,
    );
  }
  for (const month of s.vatProblemMonths) {
    const [year, mm] = month.split("-");
    lines.push(
      `- ДДС/${month}/ПРОБЛЕМИ.txt — защо файловете за НАП за ${mm}.${year} не са създадени: какво трябва да се поправи в Сметка, преди да бъдат подадени.`,
    );
  }
  if (!s.vatRegistered) {
    lines.push("");
    lines.push("Без регистрация по ЗДДС: в архива няма дневници и справки-декларации.");
  }
  lines.push("");
  lines.push("ФАЙЛОВЕТЕ CSV");
  lines.push("");
  lines.push(
    "Кодиране UTF-8 с BOM, разделител „;“, десетична запетая, редове CR LF: отварят се направо в Excel на български. Суми с ДДС и без ДДС са в валутата на документа; кредитните известия са с отрицателни суми, анулираните документи — с нулеви. Клетка, която Excel би изпълнил като формула, започва с апостроф.",
  );
  if (s.skippedCount > 0) {
    lines.push("");
    lines.push("КАКВО НЕ Е В АРХИВА");
    lines.push("");
    for (const skipped of s.skipped) lines.push(`* ${skipped.name}: ${skipped.reason}`);
    if (s.skippedCount > s.skipped.length) {
      lines.push(`* … и още ${n(s.skippedCount - s.skipped.length)}.`);
    }
  }
  lines.push("");
  lines.push("КОЛКО ВРЕМЕ ДА ПАЗИТЕ ДОКУМЕНТИТЕ");
  lines.push("");
  lines.push(
    "Фирмата сама е длъжна да пази счетоводната си информация (Закон за счетоводството, чл. 12, ал. 1):",
  );
  for (const period of RETENTION_PERIODS) lines.push(`* ${period.what} — ${period.years} години;`);
  lines.push(
    "Сроковете текат от 1 януари на годината след отчетния период, за който се отнасят (чл. 12, ал. 2). Данъчните документи по ЗДДС се пазят до 5 години след давността на задължението, което удостоверяват (ЗДДС, чл. 121).",
  );
  return `${lines.join("\r\n")}\r\n`;
}
