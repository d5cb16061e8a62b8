import { isValidIBAN } from "ibantools";
import { formatCents } from "~/utils/money";
import { amountToCents, isoDay, yymmdd } from "./amounts";
import {
  BANK_MESSAGES,
  type ParsedMovement,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementError,
} from "./constants";
import { readTag86 } from "./tag86";

/*
 * MT940 (SWIFT customer statement) as Bulgarian banks export it (decision 031): one or more
 * statements (:20: … :62F:) of one account, each movement a :61: line with its :86: details.
 * Ours, not an npm parser's: those filter blank lines before parsing (so cannot name a broken
 * line), read amounts as floats or BigNumber and dates as local-time Dates, and do not read the
 * «+NN» subfields of tag 86. Every problem names its line.
 */

interface Tag {
  id: string;
  line: number;
  lines: string[];
}

/** Lines a transmission may put before a message's :20: («ABNANL2A», «940», «:940:», a note). */
const MAX_HEADER_LINES = 10;

/** The lines of the text grouped into tags (":61:" and the lines that continue it). */
function tagsOf(text: string): Tag[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > STATEMENT_LIMITS.maxLines)
    throw new StatementError(BANK_MESSAGES.tooManyLines);
  const tags: Tag[] = [];
  let current: Tag | null = null;
  // Lines between messages (before the first, after a «-» or «-}»): a bank's transmission header.
  // They are skipped when a message's :20: follows them; otherwise the first names the problem.
  let header: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const number = i + 1;
    if (raw.length > STATEMENT_LIMITS.maxLineLength) {
      throw new StatementError(BANK_MESSAGES.lineTooLong, number);
    }
    // Trailing spaces are kept: a tag 86 wrapped at 65 characters may break after a space, and
    // the words either side must stay apart when its lines are joined.
    const line = raw;
    if (!line.trim()) continue;
    // SWIFT envelope: {1:…}{2:…}{4: before (a tag may follow on the same line), -} or -}{5:…} after.
    let body = line;
    if (/^\s*[{}]/.test(line) || /^-(\}|\s*$)/.test(line)) {
      const tagStart = line.indexOf(":20:");
      if (tagStart === -1) {
        current = null;
        header = [];
        continue;
      }
      body = line.slice(tagStart);
    }
    const match = /^:(\d{2}[A-Z]?|NS):(.*)$/.exec(body);
    if (match) {
      if (!current && header.length && match[1] !== "20") {
        throw new StatementError(EXPECTED_TAG, header[0] as number);
      }
      header = [];
      current = { id: match[1] as string, line: number, lines: [match[2] as string] };
      tags.push(current);
      continue;
    }
    if (!current) {
      header.push(number);
      if (header.length > MAX_HEADER_LINES)
        throw new StatementError(EXPECTED_TAG, header[0] as number);
      continue;
    }
    current.lines.push(line);
  }
  if (header.length && !tags.length) throw new StatementError(EXPECTED_TAG, header[0] as number);
  return tags;
}

const MT940_MESSAGES = {
  noClosing:
    "Извлечението, което започва на този ред, няма крайно салдо (:62F:): файлът е прекъснат или непълен — изтеглете цялото извлечение от банката отново",
  noOpening:
    "Извлечението няма начално салдо (:60F:) преди движенията и крайното салдо: файлът е непълен — изтеглете цялото извлечение от банката отново",
  afterClosing:
    "Движение след крайното салдо (:62F:) на извлечението: файлът е повреден — изтеглете цялото извлечение от банката отново",
};

const EXPECTED_TAG = "Очаква се поле на MT940 (например :20: или :61:), а редът започва с друго";

/** :60F:/:62F: — C or D, the date, the currency and the amount. */
function balanceOf(tag: Tag) {
  const m = /^([CD])(\d{6})([A-Z]{3})([\d.,]+)$/.exec((tag.lines[0] ?? "").trim());
  const date = m ? yymmdd(m[2] as string) : null;
  const cents = m ? amountToCents(m[4] as string) : null;
  if (!m || !date || cents === null) {
    throw new StatementError(`Полето :${tag.id}: (салдо) не може да бъде прочетено`, tag.line);
  }
  return { date, currency: m[3] as string, cents: m[1] === "D" ? -cents : cents };
}

/** The account in :25:: an IBAN ("BG80BNBG96611020345678", "BNBGBGSD/BG80…", "BG80…EUR"), else the bank's own number as written ("DABADKKK/1234567890", "517852257"). */
function accountOf(tag: Tag): { id: string; kind: "iban" | "other"; currency: string | null } {
  const written = (tag.lines[0] ?? "").trim();
  const text = written.replace(/\s/g, "").toUpperCase();
  const candidates = text.split("/").reverse();
  for (const part of candidates) {
    if (isValidIBAN(part)) return { id: part, kind: "iban", currency: null };
    const withCurrency = /^(.*?)([A-Z]{3})$/.exec(part);
    if (withCurrency && isValidIBAN(withCurrency[1] as string)) {
      return { id: withCurrency[1] as string, kind: "iban", currency: withCurrency[2] as string };
    }
  }
  // Shaped as an IBAN but its check digits are wrong: a typo or a damaged file, not another kind.
  if (candidates.some((part) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(part) && !/^\d/.test(part))) {
    throw new StatementError(
      "Полето :25: съдържа IBAN с грешни контролни цифри: проверете файла от банката",
      tag.line,
    );
  }
  if (!text || text.length > 35) {
    throw new StatementError("Полето :25: не съдържа номер на сметката", tag.line);
  }
  return { id: text, kind: "other", currency: null };
}

/** :61: — value date, entry date, C/D, amount, type, references. */
function movementOf(
  tag: Tag,
): Omit<
  ParsedMovement,
  "counterpartyName" | "counterpartyIban" | "counterpartyBic" | "reason" | "operation"
> & { supplementary: string | null } {
  const first = (tag.lines[0] ?? "").trim();
  // As banks write it: the comma (SWIFT's decimal mark) left out of a whole amount («C500»), the
  // entry date as four spaces, a space before the type, a type padded with spaces («NOV »).
  const m =
    /^(\d{6})(\d{4}| {4})?(R?[CD])([A-Z])?(\d{1,13}(?:,\d{0,2})?) ?([NFS][A-Z0-9 ]{3})(.*)$/.exec(
      first,
    );
  if (!m) {
    throw new StatementError(
      "Полето :61: (движение) не може да бъде прочетено: очаква се дата, C/D, сума и вид",
      tag.line,
    );
  }
  const valueOn = yymmdd(m[1] as string);
  if (!valueOn) throw new StatementError("Невалидна дата на вальор в :61:", tag.line);
  let bookedOn = valueOn;
  if (m[2]?.trim()) {
    const month = Number((m[2] as string).slice(0, 2));
    const day = Number((m[2] as string).slice(2));
    let year = Number(valueOn.slice(0, 4));
    const valueMonth = Number(valueOn.slice(5, 7));
    // An entry in December for a value date in January (or the reverse) is of the other year.
    if (month === 12 && valueMonth === 1) year -= 1;
    if (month === 1 && valueMonth === 12) year += 1;
    const entry = isoDay(year, month, day);
    if (!entry) throw new StatementError("Невалидна дата на осчетоводяване в :61:", tag.line);
    bookedOn = entry;
  }
  const cents = amountToCents(m[5] as string);
  if (cents === null) {
    throw new StatementError("Невалидна сума в :61:", tag.line);
  }
  const mark = m[3] as string;
  // A reversal of a credit (RC) takes money out; of a debit (RD) brings it back.
  const direction = mark === "C" || mark === "RD" ? "credit" : "debit";
  const refs = (m[7] as string).trim();
  const split = refs.indexOf("//");
  const written = split === -1 ? "" : refs.slice(split + 2).trim();
  // «NONREF» is SWIFT's way of writing that there is no reference.
  const bankReference = written && written.toUpperCase() !== "NONREF" ? written : null;
  const supplementary = tag.lines.slice(1).join(" ").trim() || null;
  return {
    line: tag.line,
    bookedOn,
    valueOn,
    direction,
    amountCents: cents,
    bankReference,
    supplementary,
  };
}

/** Reads an MT940 file's text; StatementError names the line of the first problem. */
export function readMt940(text: string): ParsedStatement {
  const tags = tagsOf(text);
  if (!tags.some((tag) => tag.id === "61" || tag.id === "25")) {
    throw new StatementError(BANK_MESSAGES.unknownFormat, null, 400);
  }
  const statement: ParsedStatement = {
    format: "mt940",
    iban: null,
    currency: null,
    number: null,
    openingCents: null,
    closingCents: null,
    periodFrom: null,
    periodTo: null,
    movements: [],
  };
  // Each statement (a :20: block) runs from its opening balance through its movements to its
  // closing balance (issue #43 item 4): a file cut before :62F: would import a part of a day,
  // and the whole file imported later would take a second equal payment without a reference
  // for the first. A statement without either balance, or whose movements do not reach the
  // closing, is refused at its line.
  let blockLine: number | null = null;
  let blockOpening: number | null = null;
  let blockClosed = false;
  let blockSum = 0;
  let last: (ParsedMovement & { supplementary?: string | null }) | null = null;
  const finishBlock = () => {
    if (blockLine === null) return;
    if (blockOpening === null) throw new StatementError(MT940_MESSAGES.noOpening, blockLine);
    if (!blockClosed) throw new StatementError(MT940_MESSAGES.noClosing, blockLine);
  };
  for (const tag of tags) {
    if (tag.id === "20") {
      finishBlock();
      blockLine = tag.line;
      blockOpening = null;
      blockClosed = false;
      blockSum = 0;
    } else blockLine ??= tag.line;
    switch (tag.id) {
      case "20":
        last = null;
        break;
      case "25": {
        const account = accountOf(tag);
        if (statement.iban && statement.iban !== account.id) {
          throw new StatementError(
            `Файлът съдържа извлечения за повече от една сметка (${statement.iban} и ${account.id})`,
            tag.line,
          );
        }
        statement.iban = account.id;
        statement.accountKind = account.kind;
        if (account.currency) statement.currency ??= account.currency;
        break;
      }
      case "28":
      case "28C":
        statement.number ??= (tag.lines[0] ?? "").trim() || null;
        break;
      case "60F":
      case "60M": {
        const balance = balanceOf(tag);
        if (statement.currency && statement.currency !== balance.currency) {
          throw new StatementError(
            "Валутата на салдото се различава от валутата на сметката",
            tag.line,
          );
        }
        statement.currency = balance.currency;
        statement.openingCents ??= balance.cents;
        statement.periodFrom ??= balance.date;
        // A second opening before the first one's closing: the statement between was cut.
        if (blockOpening !== null && !blockClosed) {
          throw new StatementError(MT940_MESSAGES.noClosing, blockLine);
        }
        blockOpening = balance.cents;
        blockClosed = false;
        blockSum = 0;
        break;
      }
      case "61": {
        const { supplementary, ...movement } = movementOf(tag);
        if (blockOpening === null || blockClosed) {
          throw new StatementError(
            blockClosed ? MT940_MESSAGES.afterClosing : MT940_MESSAGES.noOpening,
            tag.line,
          );
        }
        // A line of 0,00 (a notice, a fee waived) moves no money: nothing to book, nor its :86:.
        if (movement.amountCents === 0) {
          last = null;
          break;
        }
        if (statement.movements.length >= STATEMENT_LIMITS.maxMovements) {
          throw new StatementError(BANK_MESSAGES.tooManyMovements, tag.line, 413);
        }
        last = {
          ...movement,
          counterpartyName: null,
          counterpartyIban: null,
          counterpartyBic: null,
          reason: supplementary ?? "",
          operation: null,
        };
        statement.movements.push(last);
        blockSum += movement.direction === "credit" ? movement.amountCents : -movement.amountCents;
        break;
      }
      case "86": {
        if (!last) break; // information about the statement as a whole
        const details = readTag86(tag.lines);
        last.reason = [details.reason, last.reason].filter(Boolean).join(" ").slice(0, 1000);
        last.operation = details.operation?.slice(0, 200) ?? null;
        last.counterpartyName = details.name?.slice(0, 200) ?? null;
        last.counterpartyIban = details.iban;
        last.counterpartyBic = details.bic?.slice(0, 11) ?? null;
        last = null;
        break;
      }
      case "62F":
      case "62M": {
        const balance = balanceOf(tag);
        if (blockOpening === null || blockClosed) {
          throw new StatementError(MT940_MESSAGES.noOpening, tag.line);
        }
        if (blockOpening + blockSum !== balance.cents) {
          throw new StatementError(
            `Крайното салдо (${formatCents(balance.cents)}) не отговаря на началното (${formatCents(blockOpening)}) и движенията (${formatCents(blockSum)}): файлът е непълен или повреден — изтеглете го отново от банката`,
            tag.line,
          );
        }
        statement.closingCents = balance.cents;
        statement.periodTo = balance.date;
        blockClosed = true;
        last = null;
        break;
      }
      default:
        break;
    }
  }
  finishBlock();
  if (!statement.iban) throw new StatementError("Във файла липсва полето :25: (сметка)", null);
  if (!statement.movements.length) throw new StatementError(BANK_MESSAGES.noMovements, null);
  if (!statement.currency)
    throw new StatementError("Във файла липсва салдо с валута (:60F:)", null);
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

/** True when the text looks like MT940 (a :20: or :25: tag near the start). */
export const looksLikeMt940 = (head: string) => /(^|\n|\{4:\s*)\s*:(20|25|28C?|60F):/m.test(head);
