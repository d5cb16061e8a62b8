import { useNavigation } from "@remix-run/react";
import * as fieldStyles from "~/components/forms/field.css";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { PAYMENT_METHODS } from "~/modules/invoices/constants";
import {
  type CatalogueOption,
  type draftTotals,
  type EditorValues,
  lineProblems,
} from "~/modules/invoices/editor";
import { CURRENCIES } from "~/modules/reference/currencies";
import { ratesOn, type VatRateRow } from "~/modules/reference/vat-rows";
import { formatCents, formatMoney } from "~/utils/money";
import { LineDescription } from "./editor-pickers";
import * as styles from "./invoices.css";

/*
 * The parts of the document editor (document-editor.tsx) that only draw what they are given:
 * the buttons, a line, the totals, the payment and signatures.
 */

export function Actions({ canIssue }: { canIssue: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className={styles.actions}>
      <Button type="submit" name="intent" value="save" disabled={busy}>
        Запази чернова
      </Button>
      <Button type="submit" name="intent" value="preview" tone="secondary" disabled={busy}>
        Преглед
      </Button>
      {canIssue ? (
        <Button type="submit" name="intent" value="issue" tone="secondary" disabled={busy}>
          Издай
        </Button>
      ) : null}
    </div>
  );
}

/** The rate select's options on a day; a rate already chosen stays, marked, if not in force. */
export function rateOptions(
  rates: VatRateRow[],
  day: string,
  vatRegistered: boolean,
  current: string,
): [string, string][] {
  if (!vatRegistered) return [["none", "Без ДДС (чл. 113, ал. 9)"]];
  const options: [string, string][] = [
    ...ratesOn(rates, day).map((r) => [String(r.rate), `${r.rate} %`] as [string, string]),
    ["none", "Без ДДС"],
  ];
  if (current && !options.some(([value]) => value === current)) {
    options.unshift([current, `${current} % (не е в сила към датата на документа)`]);
  }
  return options;
}

/** One line of the document: description, quantity, unit, price, discount, rate, its net. */
export function LineRow(props: {
  index: number;
  line: EditorValues["lines"][number];
  net: number | null | undefined;
  errors: Record<string, string>;
  hasCatalogue: boolean;
  language: string;
  currency: string;
  vatRegistered: boolean;
  rateOptions: [string, string][];
  onPick: (item: CatalogueOption) => void;
}) {
  const { index: i, line, net } = props;
  const name = (field: string) => `lines[${i}][${field}]`;
  const live = lineProblems(line);
  const lineError = (field: string) =>
    props.errors[`lines.${i}.${field}`] ?? live[field as keyof typeof live];
  return (
    <fieldset className={styles.lineRow} style={{ border: 0, margin: 0 }}>
      <legend className="visually-hidden">Ред {i + 1}</legend>
      {/* The catalogue item the line was filled from: its revenue account in the books. */}
      <input type="hidden" name={name("catalogueItemId")} defaultValue={line.catalogueItemId} />
      <LineDescription
        index={i}
        line={line}
        error={lineError("description")}
        hasCatalogue={props.hasCatalogue}
        language={props.language}
        onPick={props.onPick}
      />
      <FormField
        name={name("quantity")}
        label="Количество"
        inputMode="decimal"
        defaultValue={line.quantity}
        error={lineError("quantity")}
        required
        selectOnFocus
      />
      <FormField
        name={name("unit")}
        label="Мярка"
        defaultValue={line.unit}
        error={lineError("unit")}
      />
      <FormField
        name={name("unitPrice")}
        label={`Ед. цена без ДДС (${props.currency})`}
        inputMode="decimal"
        defaultValue={line.unitPrice}
        error={lineError("unitPrice")}
        required
        selectOnFocus
      />
      <FormField
        name={name("discount")}
        label="Отстъпка %"
        inputMode="decimal"
        defaultValue={line.discount}
        error={lineError("discount")}
      />
      <FormField
        name={name("vatRate")}
        label="ДДС"
        defaultValue={props.vatRegistered ? line.vatRate : "none"}
        options={props.rateOptions}
        error={lineError("vatRate")}
      />
      <div className={fieldStyles.field}>
        <span className={fieldStyles.label} aria-hidden="true">
          Стойност
        </span>
        <output className={styles.lineNet} aria-label={`Стойност на ред ${i + 1}`}>
          {net === null || net === undefined ? "—" : formatCents(net)}
        </output>
        <Button type="submit" name="intent" value={`removeLine:${i}`} tone="quiet" formNoValidate>
          Премахни<span className="visually-hidden"> ред {i + 1}</span>
        </Button>
      </div>
    </fieldset>
  );
}

/** The totals as the server will store them, following every keystroke. */
export function EditorTotals({
  lines,
  totals,
  vatRegistered,
  currency,
}: {
  lines: EditorValues["lines"];
  totals: ReturnType<typeof draftTotals>["totals"];
  vatRegistered: boolean;
  currency: string;
}) {
  return (
    <section aria-labelledby="totals-heading" className={styles.totals}>
      <h2 id="totals-heading" className="visually-hidden">
        Суми
      </h2>
      {lines.some((line) => Object.keys(lineProblems(line)).length > 0) ? (
        <p className={fieldStyles.error} role="status">
          Редове с невалидни числа не са включени в сумите по-долу.
        </p>
      ) : null}
      <dl aria-live="polite">
        {vatRegistered
          ? totals.groups.map((group) => (
              <div key={String(group.rate)}>
                <dt>
                  {group.rate === null ? "Без ДДС" : `Основа ${group.rate} %`}
                  {group.rate ? ` / ДДС ${group.rate} %` : ""}
                </dt>
                <dd>
                  {formatCents(group.baseCents)}
                  {group.rate ? ` / ${formatCents(group.vatCents)}` : ""}
                </dd>
              </div>
            ))
          : null}
        <div>
          <dt>Данъчна основа</dt>
          <dd>{formatCents(totals.subtotalCents)}</dd>
        </div>
        {vatRegistered ? (
          <div>
            <dt>ДДС</dt>
            <dd>{formatCents(totals.vatCents)}</dd>
          </div>
        ) : null}
        <div className={styles.totalStrong}>
          <dt>Сума за плащане</dt>
          <dd>{formatMoney(totals.totalCents, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** How the document is paid and who signs it, and its printed notes. */
export function PaymentFields({
  values,
  errors,
}: {
  values: EditorValues;
  errors: Record<string, string>;
}) {
  const error = (key: string) => errors[key];
  return (
    <fieldset className={styles.party} style={{ marginBottom: "1.5rem" }}>
      <legend>Плащане и подписи</legend>
      <div className={styles.parties}>
        <FormField
          name="paymentMethod"
          label="Начин на плащане"
          defaultValue={values.paymentMethod}
          options={PAYMENT_METHODS}
          error={error("paymentMethod")}
        />
        <FormField
          name="authorName"
          label="Съставил"
          defaultValue={values.authorName}
          error={error("authorName")}
          autoComplete="name"
        />
        <FormField
          name="recipientName"
          label="Получил"
          defaultValue={values.recipientName}
          error={error("recipientName")}
        />
      </div>
      <FormField
        name="notes"
        label="Забележки (отпечатват се)"
        defaultValue={values.notes}
        error={error("notes")}
        multiline
      />
    </fieldset>
  );
}

/** The document's currency and rate, and the ground of a line without VAT. */
export function CurrencyVatFields({
  values,
  errors,
  rateNote,
  vatRegistered,
  groundOptions,
}: {
  values: EditorValues;
  errors: Record<string, string>;
  rateNote?: string | null | undefined;
  vatRegistered: boolean;
  groundOptions: [string, string][];
}) {
  const error = (key: string) => errors[key];
  return (
    <fieldset className={styles.party} style={{ margin: "1.5rem 0" }}>
      <legend>Валута и ДДС</legend>
      <div className={styles.parties}>
        <FormField
          name="currency"
          label="Валута"
          defaultValue={values.currency}
          options={[
            ["EUR", "EUR — евро"],
            ["BGN", "BGN — лев (само за документи до 31.12.2025)"],
            ...CURRENCIES.filter((c) => c !== "EUR").map((c) => [c, c] as [string, string]),
          ]}
          error={error("currency")}
        />
        <FormField
          name="eurRate"
          label="Курс към еврото (1 единица = … EUR)"
          inputMode="decimal"
          defaultValue={values.eurRate}
          error={error("eurRate")}
          hint={
            rateNote ||
            "Само за валути, различни от EUR и BGN; оставен празен, се попълва курсът на ЕЦБ за датата на данъчното събитие"
          }
        />
        {vatRegistered ? (
          <>
            <FormField
              name="vatGround"
              label="Основание за 0 % или без ДДС"
              defaultValue={values.vatGround}
              options={groundOptions}
              error={error("vatGround")}
              hint="Отпечатва се, когато ред е с 0 % или без ДДС"
            />
            <FormField
              name="vatGroundOther"
              label="Друго основание"
              defaultValue={values.vatGroundOther}
              error={error("vatGroundOther")}
            />
          </>
        ) : (
          <p className={fieldStyles.hint}>
            Без регистрация по ЗДДС: документите са без ДДС и с основание „чл. 113, ал. 9 от ЗДДС“.
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** A credit or debit note's invoice and reason. */
export function NoteFields({
  values,
  errors,
  invoices,
}: {
  values: EditorValues;
  errors: Record<string, string>;
  invoices: { id: string; label: string }[];
}) {
  const error = (key: string) => errors[key];
  return (
    <fieldset className={styles.party} style={{ marginBottom: "1rem" }}>
      <legend>Известие към фактура</legend>
      <div className={styles.parties}>
        <FormField
          name="originalId"
          label="Към фактура"
          defaultValue={values.originalId}
          options={[
            ["", "— Изберете издадена фактура —"],
            ...invoices.map((i) => [i.id, i.label] as [string, string]),
          ]}
          error={error("originalId")}
          required
        />
        <FormField
          name="reason"
          label="Основание за известието"
          defaultValue={values.reason}
          error={error("reason")}
          required
        />
      </div>
    </fieldset>
  );
}
