import type { Kysely } from "kysely";
import type { DocumentWithLines } from "~/modules/invoices/documents.server";
import type { PrintLanguage, PrintModel } from "~/modules/invoices/print";
import { countryByCode } from "~/modules/reference/countries";
import { printDate, todayInSofia } from "~/utils/dates";
import { formatScaled, parseDecimal } from "~/utils/money";
import type { Database } from "~db/types";
import { inLanguage, partiesOf } from "./print.server";
import type { OfferWithLines } from "./queries.server";

/*
 * Delivery documents (issue #48 item 4, decision 077): «приемо-предавателен протокол» and «стокова
 * разписка», made from an invoice or an offer — generated, no table of their own: both sides'
 * names, the date, the lines with their quantities, and places for both signatures. For an
 * invoice to a client in another member state (intra-Community supply, чл. 7 ЗДДС) the protocol
 * carries what ППЗДДС чл. 45 and art. 45a of Implementing Regulation (EU) 282/2011 ask of the
 * acquirer's confirmation: the place and date of arrival and who received the goods.
 */

export const DELIVERY_KINDS = {
  protocol: ["ПРИЕМО-ПРЕДАВАТЕЛЕН ПРОТОКОЛ", "HANDOVER PROTOCOL", "Протокол", "Protocol"],
  receipt: ["СТОКОВА РАЗПИСКА", "DELIVERY NOTE", "Стокова-разписка", "Delivery-note"],
} as const;
export type DeliveryKind = keyof typeof DELIVERY_KINDS;

type Source =
  | { kind: "invoice"; doc: DocumentWithLines }
  | { kind: "offer"; offer: OfferWithLines };

export async function deliveryModel(
  db: Kysely<Database>,
  kind: DeliveryKind,
  source: Source,
): Promise<PrintModel & { fileName: string; asciiName: string }> {
  const row = source.kind === "invoice" ? source.doc : source.offer;
  const lang: PrintLanguage = row.language;
  const L = (bg: string, en: string) => inLanguage(lang, bg, en);
  const { supplier, client } = await partiesOf(db, row.companyId, row.clientId);
  const clientRow = await db
    .selectFrom("clients")
    .select("vatTreatment")
    .where("companyId", "=", row.companyId)
    .where("id", "=", row.clientId)
    .executeTakeFirstOrThrow();
  const intraEu = source.kind === "invoice" && clientRow.vatTreatment === "intra_community";
  const number = row.number ?? "";
  const base =
    source.kind === "invoice"
      ? `${L("Към фактура", "To invoice")} № ${number} ${L("от", "of")} ${printDate(row.issueDate)}`
      : `${L("Към оферта", "To offer")} № ${number} ${L("от", "of")} ${printDate(row.issueDate)}`;
  const party = (heading: string, p: typeof client) => {
    const country = countryByCode(p.countryCode);
    return {
      heading,
      name: p.name,
      rows: [
        ...(p.eik ? [{ label: L("ЕИК", "Company ID"), value: p.eik }] : []),
        ...(p.vatNumber ? [{ label: L("ДДС №", "VAT No."), value: p.vatNumber }] : []),
        {
          label: L("Адрес", "Address"),
          value: `${p.address}, ${p.city}, ${country ? (lang === "en" ? country.nameEn : country.nameBg) : p.countryCode}`,
        },
      ],
    };
  };
  const locale = lang === "en" ? "en" : "bg";
  const [titleBg, titleEn, fileBg, fileEn] = DELIVERY_KINDS[kind];
  return {
    language: lang,
    title: L(titleBg, titleEn),
    mark: "",
    markTone: "original",
    number: "",
    meta: [
      { label: L("Дата", "Date"), value: printDate(todayInSofia()) },
      { label: L("Основание", "Reference"), value: base },
    ],
    parties: [
      party(L("Предал (доставчик)", "Delivered by (supplier)"), supplier),
      party(L("Приел (получател)", "Received by (recipient)"), client),
    ],
    columns: [
      { key: "no", label: "№", numeric: true },
      { key: "description", label: L("Описание", "Description"), numeric: false },
      { key: "unit", label: L("Мярка", "Unit"), numeric: false },
      { key: "quantity", label: L("Количество", "Quantity"), numeric: true },
    ],
    rows: row.lines.map((line, i) => ({
      no: String(i + 1),
      description: line.description,
      unit: line.unit,
      quantity: formatScaled(parseDecimal(line.quantity, 3) ?? 0n, 3, locale),
    })),
    totals: [],
    currency: row.currency,
    facts: [
      {
        label: L("Удостоверяване", "Statement"),
        value: L(
          "Страните удостоверяват, че описаните стоки/услуги са предадени и приети в посоченото количество.",
          "The parties confirm that the goods/services above were delivered and received in the quantities shown.",
        ),
      },
      ...(intraEu
        ? [
            {
              label: L("Вътреобщностна доставка", "Intra-Community supply"),
              value: L(
                "Получателят потвърждава, че стоките са получени в държавата членка по местоназначение (ППЗДДС, чл. 45; Регламент за изпълнение (ЕС) № 282/2011, чл. 45а).",
                "The acquirer confirms the goods were received in the member state of destination (Implementing Regulation (EU) No 282/2011, art. 45a).",
              ),
            },
            { label: L("Място на получаване", "Place of arrival"), value: "…………………………" },
            { label: L("Дата на получаване", "Date of arrival"), value: "…………………………" },
            {
              label: L("Приел от името на получателя", "Accepted on behalf of the acquirer"),
              value: "…………………………",
            },
          ]
        : []),
    ],
    signatures: [
      { label: L("Предал", "Delivered by"), value: "…………………………" },
      { label: L("Приел", "Received by"), value: "…………………………" },
    ],
    footer: null,
    payment: null,
    fileName: `${lang === "en" ? fileEn : fileBg}-${number}.pdf`,
    asciiName: `${fileEn}-${number}.pdf`,
  };
}
