import {
  computeTotals,
  decimalProblem,
  lineNetCents,
  parseDecimal,
  type Totals,
} from "~/utils/money";
import { lineSchema } from "./schema";

const lineAmountsSchema = lineSchema.pick({ quantity: true, unitPrice: true, discount: true });

/**
 * The editor's form as typed (strings), shared by the server (re-rendering after "add line"
 * without JavaScript, or after an error) and the browser (live totals).
 */
export interface EditorLine {
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
}

export interface EditorValues {
  type: string;
  clientId: string;
  language: string;
  issueDate: string;
  taxEventDate: string;
  dueDate: string;
  placeOfIssue: string;
  currency: string;
  eurRate: string;
  vatGround: string;
  vatGroundOther: string;
  paymentMethod: string;
  authorName: string;
  recipientName: string;
  notes: string;
  originalId: string;
  reason: string;
  lines: EditorLine[];
}

export const MAX_LINES = 200;

export function emptyLine(vatRate = "20"): EditorLine {
  return { description: "", quantity: "1", unit: "бр.", unitPrice: "", discount: "", vatRate };
}

/** The editor's fields in the order the page shows them ("lines" is where the lines stand). */
export const FIELD_ORDER = [
  "type",
  "clientId",
  "language",
  "issueDate",
  "taxEventDate",
  "dueDate",
  "placeOfIssue",
  "originalId",
  "reason",
  "lines",
  "currency",
  "eurRate",
  "vatGround",
  "vatGroundOther",
  "paymentMethod",
  "authorName",
  "recipientName",
  "notes",
] as const;
export const LINE_FIELDS = [
  "description",
  "quantity",
  "unit",
  "unitPrice",
  "discount",
  "vatRate",
] as const;
const FIELDS = FIELD_ORDER.filter((field) => field !== "lines");

/** What the form holds, every line kept (empty ones too), in index order. */
export function valuesFromForm(form: FormData): EditorValues {
  const get = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(FIELDS.map((key) => [key, get(key)])) as Omit<
    EditorValues,
    "lines"
  >;
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const match = /^lines\[(\d{1,3})\]\[/.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  const lines = [...indexes]
    .sort((a, b) => a - b)
    .map((i) => ({
      description: get(`lines[${i}][description]`),
      quantity: get(`lines[${i}][quantity]`),
      unit: get(`lines[${i}][unit]`),
      unitPrice: get(`lines[${i}][unitPrice]`),
      discount: get(`lines[${i}][discount]`),
      vatRate: get(`lines[${i}][vatRate]`),
    }));
  return { ...values, lines };
}

export const isEmptyLine = (line: EditorLine) => !line.description.trim() && !line.unitPrice.trim();

/**
 * The editor's values as the document schema's input (the one reading of the form): lines left
 * empty dropped, «Друго основание» in place of the ground.
 */
export function documentInputOf(values: EditorValues): Record<string, unknown> {
  const { lines, vatGroundOther, ...fields } = values;
  // A field left empty is a field not given: the schema's default (EUR, bank…) or its message.
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
  const vatGround = fields.vatGround === "other" ? vatGroundOther : fields.vatGround;
  return {
    ...given,
    ...(vatGround ? { vatGround } : {}),
    lines: lines.filter((line) => !isEmptyLine(line)),
  };
}

/**
 * Totals of what is typed so far, by the same rule as the stored document; a value that does not
 * parse yet counts as 0. A company not registered for VAT charges none.
 */
export function draftTotals(
  lines: EditorLine[],
  vatRegistered: boolean,
): {
  nets: (number | null)[];
  totals: Totals;
} {
  // The same bounds as the stored document's (the line schema); a value that does not parse yet
  // leaves its line out (the editor says why next to the field).
  const nets = lines.map((line) => {
    const parsed = lineAmountsSchema.safeParse(line);
    return parsed.success
      ? lineNetCents(parsed.data.quantity, parsed.data.unitPrice, parsed.data.discount)
      : null;
  });
  const totals = computeTotals(
    lines.map((line, i) => ({
      netCents: nets[i] ?? 0,
      vatRate:
        !vatRegistered || line.vatRate === "none" || line.vatRate === ""
          ? null
          : Number(line.vatRate),
    })),
  );
  return { nets, totals };
}

const NOT_A_NUMBER = "Не е число: пишете като 1250,50 или 1 250,50";

/**
 * What is wrong with a line's numbers as typed, before anything is sent: the live totals leave such
 * a line out, and the editor says why next to the field instead of quietly counting it as 0.
 */
export function lineProblems(
  line: EditorLine,
): Partial<Record<"quantity" | "unitPrice" | "discount", string>> {
  const problems: Partial<Record<"quantity" | "unitPrice" | "discount", string>> = {};
  const check = (field: "quantity" | "unitPrice" | "discount", scale: number) => {
    const value = line[field].trim();
    if (value && parseDecimal(value, scale) === null) {
      problems[field] = decimalProblem(value) ?? NOT_A_NUMBER;
    }
  };
  check("quantity", 3);
  check("unitPrice", 4);
  check("discount", 2);
  return problems;
}
