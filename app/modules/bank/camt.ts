import { isValidIBAN } from "ibantools";
import { SaxesParser } from "saxes";
import { hasDoctype, xmlShapeProblem } from "~/modules/einvoice/xml";
import { formatCents } from "~/utils/money";
import {
  BANK_MESSAGES,
  type ParsedMovement,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementError,
} from "./constants";

/*
 * ISO 20022 camt.053 (bank-to-customer statement), any version (.001.02 to .001.13: the element
 * names used here did not change), and its siblings of the same shape (decision 045): camt.052
 * (account report, Rpt) and camt.054 (debit/credit notification, Ntfctn), with or without the
 * `<?xml …?>` declaration. Read as the e-invoices are (decision 031): no DOCTYPE, one
 * linear shape check (nesting, elements) before saxes parses it, and saxes streams it here — a
 * tree of a 10,000-entry file is never built. Every movement keeps the line of its <Ntry>, and
 * a problem in an entry names that line. Fields as OCA's camt parser reads them: the reason from
 * RmtInf/Ustrd (and Strd/CdtrRefInf/Ref), the counterparty from RltdPties (Dbtr for a credit,
 * Cdtr for a debit), references AcctSvcrRef, then EndToEndId/TxId. One <Ntry> with several
 * <TxDtls> of their own amounts (a batch) gives one movement per TxDtls.
 */

interface Draft {
  line: number;
  amount: string | null;
  currency: string | null;
  mark: string | null;
  reversal: boolean;
  status: string | null;
  booked: string | null;
  value: string | null;
  ref: string | null;
  info: string[];
  txs: TxDraft[];
}

interface TxDraft {
  amount: string | null;
  mark: string | null;
  ref: string | null;
  endToEnd: string | null;
  txId: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  creditorName: string | null;
  creditorIban: string | null;
  debtorBic: string | null;
  creditorBic: string | null;
  ustrd: string[];
  strdRef: string | null;
  info: string | null;
}

const newTx = (): TxDraft => ({
  amount: null,
  mark: null,
  ref: null,
  endToEnd: null,
  txId: null,
  debtorName: null,
  debtorIban: null,
  creditorName: null,
  creditorIban: null,
  debtorBic: null,
  creditorBic: null,
  ustrd: [],
  strdRef: null,
  info: null,
});

const day = (text: string | null) => {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text ?? "");
  return m ? (m[1] as string) : null;
};

const ends = (path: string[], ...tail: string[]) =>
  path.length >= tail.length &&
  tail.every((name, i) => path[path.length - tail.length + i] === name);

/** The element that holds one account's entries: a statement, a report or a notification. */
const ACCOUNT_BLOCKS = new Set(["Stmt", "Rpt", "Ntfctn"]);

/** `ends`, where the tail hangs directly under a Stmt, Rpt or Ntfctn. */
const inBlock = (path: string[], ...tail: string[]) =>
  ends(path, ...tail) && ACCOUNT_BLOCKS.has(path[path.length - tail.length - 1] ?? "");

/**
 * An ISO 20022 amount (xs:decimal, up to five decimals: "18.150", "1000") → cents; a fraction of
 * a cent («18.155») or anything that is not an amount names its line and what is wrong.
 */
function camtCents(text: string | null, what: string, line: number): number {
  const m = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec((text ?? "").trim());
  if (!m) throw new StatementError(`${what}: «${(text ?? "").slice(0, 40)}» не е сума`, line);
  const fraction = (m[2] ?? "").padEnd(5, "0");
  if (!/^\d{2}0{3}$/.test(fraction)) {
    throw new StatementError(
      `${what} (${text}) има част от цента: банковото движение се записва в цели центове — поискайте от банката извлечението отново`,
      line,
    );
  }
  return Number(m[1]) * 100 + Number(fraction.slice(0, 2));
}

/** Reads a camt.053/052/054 document's text; StatementError names the line of the first problem. */
export function readCamt(text: string): ParsedStatement {
  if (hasDoctype(text)) throw new StatementError(BANK_MESSAGES.xmlBroken, null, 400);
  const shape = xmlShapeProblem(text, {
    maxDepth: STATEMENT_LIMITS.maxDepth,
    maxElements: STATEMENT_LIMITS.maxElements,
  });
  if (shape === "malformed") throw new StatementError(BANK_MESSAGES.xmlBroken, null, 400);
  if (shape) throw new StatementError(BANK_MESSAGES.xmlShape, null, 422);

  const statement: ParsedStatement = {
    format: "camt053",
    iban: null,
    currency: null,
    number: null,
    openingCents: null,
    closingCents: null,
    periodFrom: null,
    periodTo: null,
    movements: [],
  };
  const parser = new SaxesParser({ xmlns: true, position: true });
  const path: string[] = [];
  let textBuffer = "";
  let isCamt = false;
  let entry: Draft | null = null;
  let tx: TxDraft | null = null;
  let balance: {
    type: string | null;
    amount: string | null;
    mark: string | null;
    date: string | null;
    currency: string | null;
    line: number;
  } | null = null;

  // One account block (Stmt, Rpt, Ntfctn) at a time: its balances and its booked entries' sum,
  // checked when it closes (issue #43 item 4).
  let block: {
    kind: string;
    line: number;
    opening: number | null;
    closing: { cents: number; line: number; type: string } | null;
    sum: number;
  } | null = null;

  parser.on("error", (error) => {
    throw new StatementError(`${BANK_MESSAGES.xmlBroken}: ${error.message}`, parser.line, 400);
  });
  parser.on("doctype", () => {
    throw new StatementError(BANK_MESSAGES.xmlBroken, parser.line, 400);
  });
  parser.on("opentag", (tag) => {
    path.push(tag.local);
    textBuffer = "";
    if (path.length === 1) {
      isCamt = tag.local === "Document" && /camt\.05[234]\./.test(tag.uri);
      if (!isCamt) throw new StatementError(BANK_MESSAGES.unknownFormat, null, 400);
    }
    if (ACCOUNT_BLOCKS.has(tag.local) && path.length === 3) {
      block = { kind: tag.local, line: parser.line, opening: null, closing: null, sum: 0 };
    }
    if (tag.local === "Ntry" && inBlock(path, "Ntry")) {
      entry = {
        line: parser.line,
        amount: null,
        currency: null,
        mark: null,
        reversal: false,
        status: null,
        booked: null,
        value: null,
        ref: null,
        info: [],
        txs: [],
      };
    } else if (tag.local === "TxDtls" && entry) {
      tx = newTx();
      entry.txs.push(tx);
    } else if (tag.local === "Bal" && inBlock(path, "Bal")) {
      balance = {
        type: null,
        amount: null,
        mark: null,
        date: null,
        currency: null,
        line: parser.line,
      };
    }
    if (tag.local === "Amt") {
      const currency = (tag.attributes as Record<string, { value: string }>).Ccy?.value ?? null;
      if (entry && !tx && ends(path, "Ntry", "Amt")) entry.currency = currency;
      if (balance && ends(path, "Bal", "Amt")) balance.currency = currency;
    }
  });
  const addText = (chunk: string) => {
    textBuffer += chunk;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", (tag) => {
    const value = textBuffer.trim();
    textBuffer = "";
    const e = entry as Draft | null;
    const t = tx as TxDraft | null;
    if (e && t) {
      if (ends(path, "TxDtls", "Amt") || ends(path, "TxDtls", "AmtDtls", "TxAmt", "Amt")) {
        t.amount ??= value;
      } else if (ends(path, "TxDtls", "CdtDbtInd")) t.mark = value;
      else if (ends(path, "Refs", "AcctSvcrRef")) t.ref = value;
      else if (ends(path, "Refs", "EndToEndId")) t.endToEnd = value;
      else if (ends(path, "Refs", "TxId")) t.txId = value;
      else if (
        ends(path, "RltdPties", "Dbtr", "Nm") ||
        ends(path, "RltdPties", "Dbtr", "Pty", "Nm")
      )
        t.debtorName = value;
      else if (
        ends(path, "RltdPties", "Cdtr", "Nm") ||
        ends(path, "RltdPties", "Cdtr", "Pty", "Nm")
      )
        t.creditorName = value;
      else if (ends(path, "RltdPties", "UltmtDbtr", "Nm") || ends(path, "UltmtDbtr", "Pty", "Nm"))
        t.debtorName ??= value;
      else if (ends(path, "DbtrAcct", "Id", "IBAN")) t.debtorIban = value;
      else if (ends(path, "CdtrAcct", "Id", "IBAN")) t.creditorIban = value;
      else if (
        ends(path, "DbtrAgt", "FinInstnId", "BIC") ||
        ends(path, "DbtrAgt", "FinInstnId", "BICFI")
      )
        t.debtorBic = value;
      else if (
        ends(path, "CdtrAgt", "FinInstnId", "BIC") ||
        ends(path, "CdtrAgt", "FinInstnId", "BICFI")
      )
        t.creditorBic = value;
      else if (ends(path, "RmtInf", "Ustrd")) t.ustrd.push(value);
      else if (ends(path, "CdtrRefInf", "Ref")) t.strdRef = value;
      else if (ends(path, "TxDtls", "AddtlTxInf")) t.info = value;
    } else if (e) {
      if (ends(path, "Ntry", "Amt")) e.amount = value;
      else if (ends(path, "Ntry", "CdtDbtInd")) e.mark = value;
      else if (ends(path, "Ntry", "RvslInd")) e.reversal = value === "true";
      else if (ends(path, "Ntry", "Sts") || ends(path, "Ntry", "Sts", "Cd")) e.status = value;
      else if (ends(path, "BookgDt", "Dt") || ends(path, "BookgDt", "DtTm")) e.booked = day(value);
      else if (ends(path, "ValDt", "Dt") || ends(path, "ValDt", "DtTm")) e.value = day(value);
      else if (ends(path, "Ntry", "AcctSvcrRef")) e.ref = value;
      else if (ends(path, "Ntry", "AddtlNtryInf")) e.info.push(value);
    } else if (balance) {
      if (ends(path, "Tp", "CdOrPrtry", "Cd")) balance.type = value;
      else if (ends(path, "Bal", "Amt")) balance.amount = value;
      else if (ends(path, "Bal", "CdtDbtInd")) balance.mark = value;
      else if (ends(path, "Bal", "Dt", "Dt") || ends(path, "Bal", "Dt", "DtTm"))
        balance.date = day(value);
    } else if (
      inBlock(path, "Acct", "Id", "IBAN") ||
      inBlock(path, "Acct", "Id", "Othr", "Id") ||
      inBlock(path, "Acct", "Id", "PrtryAcct", "Id")
    ) {
      // An account without an IBAN element names it in Othr/Id (PrtryAcct/Id in the .001.01
      // versions): an IBAN, or the bank's own number.
      const id = value.replace(/\s/g, "").toUpperCase();
      const kind = isValidIBAN(id) ? "iban" : "other";
      if (!id || id.length > 34 || (kind === "other" && ends(path, "IBAN"))) {
        throw new StatementError(
          `Сметката на извлечението (${value.slice(0, 40)}) не е валиден IBAN`,
          parser.line,
        );
      }
      if (statement.iban && statement.iban !== id) {
        throw new StatementError(
          `Файлът съдържа извлечения за повече от една сметка (${statement.iban} и ${id})`,
          parser.line,
        );
      }
      statement.iban = id;
      statement.accountKind = kind;
    } else if (inBlock(path, "Acct", "Ccy")) {
      statement.currency = value.toUpperCase();
    } else if (inBlock(path, "Id") || inBlock(path, "ElctrncSeqNb")) {
      statement.number ??= value.slice(0, 35) || null;
    }

    if (tag.local === "TxDtls") tx = null;
    if (tag.local === "Bal" && balance && inBlock(path, "Bal")) {
      const b = balance as NonNullable<typeof balance>;
      const cents = camtCents(b.amount, "Сумата на салдото", b.line);
      const signed = b.mark === "DBIT" ? -cents : cents;
      if (b.currency) statement.currency ??= b.currency;
      const current = block as NonNullable<typeof block> | null;
      if (b.type === "OPBD" || b.type === "PRCD") {
        if (statement.openingCents === null) {
          statement.openingCents = signed;
          statement.periodFrom ??= b.date;
        }
        if (current && current.opening === null) current.opening = signed;
      }
      // A report (camt.052) closes on its closing or, intraday, its last interim balance.
      const closes = b.type === "CLBD" || (b.type === "ITBD" && current?.kind === "Rpt");
      if (closes && current && current.closing?.type !== "CLBD") {
        current.closing = { cents: signed, line: b.line, type: b.type as string };
      }
      if (b.type === "CLBD") {
        statement.closingCents = signed;
        statement.periodTo = b.date ?? statement.periodTo;
      }
      balance = null;
    }
    if (tag.local === "Ntry" && e && inBlock(path, "Ntry")) {
      const moved = finishEntry(e, statement);
      if (block) (block as NonNullable<typeof block>).sum += moved;
      entry = null;
    }
    if (block && ACCOUNT_BLOCKS.has(tag.local) && path.length === 3) {
      finishBlock(block as NonNullable<typeof block>);
      block = null;
    }
    path.pop();
  });
  parser.write(text).close();
  if (!isCamt) throw new StatementError(BANK_MESSAGES.unknownFormat, null, 400);
  if (!statement.iban) {
    throw new StatementError("Във файла липсва сметката (Acct/Id/IBAN или Acct/Id/Othr/Id)");
  }
  if (!statement.movements.length) throw new StatementError(BANK_MESSAGES.noMovements);
  for (const movement of statement.movements) {
    if (!statement.periodFrom || movement.bookedOn < statement.periodFrom) {
      statement.periodFrom = movement.bookedOn;
    }
    if (!statement.periodTo || movement.bookedOn > statement.periodTo) {
      statement.periodTo = movement.bookedOn;
    }
  }
  return statement;
}

/**
 * A statement (Stmt) must state its closing balance (CLBD) and a report (Rpt) its closing or
 * last interim one (ITBD); with the opening (OPBD/PRCD) too, opening + booked entries must be
 * the closing. A notification (camt.054, Ntfctn) has no balances in its schema: it is a list of
 * movements and is taken as such — an XML file cut short does not parse, so it cannot lose its
 * end silently.
 */
function finishBlock(block: {
  kind: string;
  line: number;
  opening: number | null;
  closing: { cents: number; line: number } | null;
  sum: number;
}) {
  if (block.kind === "Ntfctn") return;
  if (!block.closing) {
    throw new StatementError(
      block.kind === "Rpt"
        ? "Отчетът няма крайно салдо (Bal с вид CLBD или ITBD): не може да се провери, че движенията са всички — изтеглете извлечението (camt.053) от банката отново"
        : "Извлечението няма крайно салдо (Bal с вид CLBD): не може да се провери, че движенията са всички — изтеглете цялото извлечение от банката отново",
      block.line,
    );
  }
  if (block.opening !== null && block.opening + block.sum !== block.closing.cents) {
    throw new StatementError(
      `Крайното салдо (${formatCents(block.closing.cents)}) не отговаря на началното (${formatCents(block.opening)}) и движенията (${formatCents(block.sum)}): файлът е непълен или повреден — изтеглете го отново от банката`,
      block.closing.line,
    );
  }
}

/** Adds an entry's movements to the statement; the money it moved (credit +, debit −), 0 when not booked. */
function finishEntry(e: Draft, statement: ParsedStatement): number {
  // Pending entries (Sts PDNG, INFO) are not booked: they come again in a later statement.
  if (e.status && e.status !== "BOOK") return 0;
  if (e.mark !== "CRDT" && e.mark !== "DBIT") {
    throw new StatementError("Движението няма CdtDbtInd (CRDT или DBIT)", e.line);
  }
  if (statement.currency && e.currency && e.currency !== statement.currency) {
    throw new StatementError(
      `Движението е във ${e.currency}, а сметката — във ${statement.currency}`,
      e.line,
    );
  }
  // Without the account's currency (Acct/Ccy) or a balance, the entries' currency is the file's.
  statement.currency ??= e.currency;
  const booked = e.booked ?? e.value;
  if (!booked) throw new StatementError("Движението няма дата (BookgDt)", e.line);
  const entryCents = camtCents(e.amount, "Сумата на движението", e.line);
  // An entry of 0.00 (a notice, a fee waived) moves no money: there is nothing to book.
  if (entryCents === 0) return 0;
  const credit = (e.mark === "CRDT") !== e.reversal;
  const txs = e.txs.length ? e.txs : [newTx()];
  // A batch is split only when every part has its own amount and they add up to the entry's.
  const parts = txs.map((t) => {
    if (!t.amount) return null;
    try {
      return camtCents(t.amount, "", e.line);
    } catch {
      return null; // a part that is not whole cents: the entry stays one movement
    }
  });
  const split =
    txs.length > 1 &&
    parts.every((cents) => cents !== null && cents > 0) &&
    parts.reduce<number>((sum, cents) => sum + (cents as number), 0) === entryCents;
  const list = split ? txs : [txs[0] as TxDraft];
  list.forEach((t, i) => {
    if (statement.movements.length >= STATEMENT_LIMITS.maxMovements) {
      throw new StatementError(BANK_MESSAGES.tooManyMovements, e.line, 413);
    }
    const reason = [...t.ustrd, t.strdRef ?? "", ...(split ? [] : e.info), t.info ?? ""]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(" ")
      .replace(/\s+/g, " ")
      .slice(0, 1000);
    const movement: ParsedMovement = {
      line: e.line,
      bookedOn: booked,
      valueOn: e.value,
      direction: credit ? "credit" : "debit",
      amountCents: split ? (parts[i] as number) : entryCents,
      counterpartyName: ((credit ? t.debtorName : t.creditorName) ?? null)?.slice(0, 200) ?? null,
      counterpartyIban:
        (credit ? t.debtorIban : t.creditorIban)?.replace(/\s/g, "").toUpperCase() ?? null,
      counterpartyBic: ((credit ? t.debtorBic : t.creditorBic) ?? null)?.slice(0, 11) ?? null,
      reason,
      operation: null,
      bankReference:
        [t.ref ?? e.ref, split ? String(i + 1) : null].filter(Boolean).join("/") ||
        t.endToEnd ||
        t.txId ||
        null,
    };
    // EndToEndId "NOTPROVIDED" is no reference.
    if (movement.bankReference === "NOTPROVIDED") movement.bankReference = null;
    statement.movements.push(movement);
  });
  return credit ? entryCents : -entryCents;
}

/** True when the text is XML (with or without its declaration) naming camt.052/053/054 (ISO's namespace, or a bank's own that carries the message's name). */
export const looksLikeCamt = (head: string) =>
  /^\s*(\uFEFF)?</.test(head) && /camt\.05[234]\.\d{3}\.\d{2}/.test(head);
