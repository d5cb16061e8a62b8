/*
 * Microinvest Делта Pro's XML of accounting operations («Импорт на операции от XML»): the
 * TransferData layout (namespace urn:Transfer) as decision 064 reconstructs it from the writers
 * of other projects — no Microinvest document was found. Pure: the file as text, entry by entry.
 * Only what every source agrees on is written: no VatTerm (the sources' codes disagree), no Vies.
 */

export const DELTA_NAMESPACE = "urn:Transfer";

/** The head of the file, up to the opening of <Accountings>. */
export const DELTA_HEAD =
  '<?xml version="1.0" encoding="utf-8"?>\r\n' +
  '<TransferData xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  `xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="${DELTA_NAMESPACE}">\r\n` +
  "  <Accountings>\r\n";

export const DELTA_TAIL = "  </Accountings>\r\n</TransferData>\r\n";

/**
 * Делта's document types the sources agree on (1 фактура, 2 дебитно известие, 3 кредитно
 * известие), by the title our references start with. Another document (a payment, a receipt, a
 * payroll, a bank statement, a manual entry) is written without <Document>; its reference stays
 * in Reference.
 */
const DOCUMENT_TYPES = new Map([
  ["Фактура", "1"],
  ["Дебитно известие", "2"],
  ["Кредитно известие", "3"],
]);

/** The kinds of entry whose reference is their own document (a payment's is the invoice paid). */
const OWN_DOCUMENT = new Set(["document", "expense"]);

/** An attribute's value: markup and quotes escaped, line breaks kept as references, what XML 1.0 forbids dropped. */
export function attr(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones XML forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/\t/g, "&#9;")
      .replace(/\n/g, "&#10;")
      .replace(/\r/g, "&#13;")
  );
}

/** Cents as Делта writes an amount: a point and six decimals, "-120.500000". */
export function deltaAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}0000`;
}

/** The operation's number in the file: ten digits, zero-padded. */
export const deltaNumber = (n: number) => String(n).padStart(10, "0");

export interface DeltaEntry {
  /** yyyy-MM-dd */
  date: string;
  sourceKind: string;
  /** «Фактура № 0000000012» */
  documentRef: string;
  description: string;
  party: { name: string; eik: string; vatNumber: string };
  /** Debit and credit account of each posting pair, with its amount (negative: red storno). */
  pairs: readonly { debit: string; credit: string; cents: number }[];
}

const attrs = (list: readonly (readonly [string, string])[]) =>
  list.map(([name, value]) => ` ${name}="${attr(value)}"`).join("");

/** One <Accounting>: the operation, its document, its counterparty and its pairs as Дт/Кт details. */
export function deltaAccounting(entry: DeltaEntry, number: number): string {
  const at = entry.documentRef.indexOf(" № ");
  const title = at < 0 ? entry.documentRef.trim() : entry.documentRef.slice(0, at).trim();
  const docNumber = at < 0 ? "" : entry.documentRef.slice(at + 3).trim();
  const type = OWN_DOCUMENT.has(entry.sourceKind) ? DOCUMENT_TYPES.get(title) : undefined;
  const out: string[] = [];
  out.push(
    `    <Accounting${attrs([
      ["AccountingDate", entry.date],
      ["Number", deltaNumber(number)],
      ["Reference", entry.documentRef],
      ["Term", entry.description],
    ])}>\r\n`,
  );
  if (type && docNumber) {
    out.push(
      `      <Document${attrs([
        ["DocumentType", type],
        ["Number", docNumber],
        ["Date", entry.date],
      ])} />\r\n`,
    );
  }
  const { name, eik, vatNumber } = entry.party;
  if (name) {
    const company: [string, string][] = [["Name", name]];
    if (eik) company.push(["Bulstat", eik]);
    if (vatNumber) company.push(["VatNumber", vatNumber]);
    out.push(`      <Company${attrs(company)} />\r\n`);
  }
  out.push("      <AccountingDetails>\r\n");
  for (const pair of entry.pairs) {
    const amount = deltaAmount(pair.cents);
    for (const [account, direction] of [
      [pair.debit, "Debit"],
      [pair.credit, "Credit"],
    ] as const) {
      out.push(
        `        <AccountingDetail${attrs([
          ["AccountNumber", account],
          ["Direction", direction],
          ["Amount", amount],
        ])} />\r\n`,
      );
    }
  }
  out.push("      </AccountingDetails>\r\n    </Accounting>\r\n");
  return out.join("");
}
