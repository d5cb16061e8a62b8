import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormError } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import {
  draftTotals,
  type EditorValues,
  lineProblems,
  MAX_LINES,
  valuesFromForm,
} from "~/modules/invoices/editor";
import {
  DOCUMENT_LANGUAGES,
  DOCUMENT_TYPES,
  PAYMENT_METHODS,
  VAT_GROUNDS,
  VAT_RATE_OPTIONS,
} from "~/modules/invoices/schema";
import { CURRENCIES } from "~/modules/reference/currencies";
import { formatCents } from "~/utils/money";
import * as styles from "./invoices.css";

export interface EditorClient {
  id: string;
  name: string;
  currency: string;
  paymentTermDays: number;
  mol: string | null;
  vatRate: string;
  vatGround: string;
}

function Actions({ canIssue }: { canIssue: boolean }) {
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

const isNoteType = (type: string) => type === "credit_note" || type === "debit_note";

/**
 * The document editor. A native form: without JavaScript "Добави ред" and "Премахни" post the
 * form and the server sends it back with the line added or removed; with JavaScript the totals
 * follow every keystroke, computed by the same function the server stores them with.
 */
export function DocumentEditor(props: EditorProps) {
  // A server re-render (a line added or removed, an error) starts the form afresh from its values.
  return <EditorForm key={props.revision} {...props} />;
}

interface EditorProps {
  values: EditorValues;
  errors: Record<string, string>;
  formError?: string | null | undefined;
  revision: number | string;
  focus?: string | undefined;
  clients: EditorClient[];
  invoices: { id: string; label: string }[];
  vatRegistered: boolean;
}

function EditorForm({
  values,
  errors,
  formError,
  revision,
  focus,
  clients,
  invoices,
  vatRegistered,
}: EditorProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [lines, setLines] = useState(values.lines);
  const [type, setType] = useState(values.type);
  const { nets, totals } = draftTotals(lines, vatRegistered);
  const currency = values.currency || "EUR";

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again after every server re-render, even to the same place
  useEffect(() => {
    if (!focus) return;
    const element =
      document.getElementById(focus) ??
      formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(focus)}"]`);
    element?.focus();
  }, [focus, revision]);

  const recompute = () => {
    if (!formRef.current) return;
    const current = valuesFromForm(new FormData(formRef.current));
    setLines(current.lines);
    setType(current.type);
  };

  // With JavaScript, choosing a client fills in its usual terms (the server does the same for ?clientId=).
  const applyClient = (clientId: string) => {
    const form = formRef.current;
    const client = clients.find((c) => c.id === clientId);
    if (!form || !client) return;
    const set = (name: string, value: string, onlyIfEmpty = false) => {
      const element = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (element && (!onlyIfEmpty || !element.value)) element.value = value;
    };
    set("currency", client.currency === "BGN" ? "EUR" : client.currency);
    const issue = (form.elements.namedItem("issueDate") as HTMLInputElement | null)?.value;
    if (issue) {
      const due = new Date(`${issue}T00:00:00Z`);
      due.setUTCDate(due.getUTCDate() + client.paymentTermDays);
      set("dueDate", due.toISOString().slice(0, 10));
    }
    set("recipientName", client.mol ?? "", true);
    if (client.vatGround) set("vatGround", client.vatGround);
    lines.forEach((line, i) => {
      if (!line.description.trim()) set(`lines[${i}][vatRate]`, client.vatRate);
    });
    recompute();
  };

  const clientOptions: [string, string][] = [
    ["", "— Изберете клиент —"],
    ...clients.map((c) => [c.id, c.name] as [string, string]),
  ];
  const vatRateOptions = vatRegistered ? VAT_RATE_OPTIONS : { none: "Без ДДС (чл. 113, ал. 9)" };
  const groundOptions: [string, string][] = [
    ["", "— Няма (всички редове са с ДДС) —"],
    ...VAT_GROUNDS.map((g) => [g.text, `${g.text} — ${g.label}`] as [string, string]),
    ["other", "Друго основание (въведете)"],
  ];
  const error = (key: string) => errors[key];

  return (
    <Form
      method="post"
      ref={formRef}
      onInput={recompute}
      onChange={(event) => {
        const target = event.target as HTMLSelectElement;
        if (target.name === "clientId") applyClient(target.value);
      }}
      noValidate
      aria-describedby={formError ? "editor-error" : undefined}
    >
      <div id="editor-error">
        <FormError message={formError} />
      </div>
      <Actions canIssue />

      <fieldset className={fieldStyles.field} style={{ border: 0, padding: 0 }}>
        <legend className="visually-hidden">Документ</legend>
        <div className={styles.parties}>
          <FormField
            name="type"
            label="Вид документ"
            defaultValue={values.type}
            options={DOCUMENT_TYPES}
            error={error("type")}
            required
          />
          <FormField
            name="clientId"
            label="Клиент"
            defaultValue={values.clientId}
            options={clientOptions}
            error={error("clientId")}
            required
            hint={
              <>
                Няма го в списъка? <Link to="/client/new">Добавете нов клиент</Link>.
              </>
            }
          />
          <FormField
            name="language"
            label="Език на документа"
            defaultValue={values.language}
            options={DOCUMENT_LANGUAGES}
            error={error("language")}
          />
        </div>
        <div className={styles.parties}>
          <FormField
            name="issueDate"
            type="date"
            label="Дата на издаване"
            defaultValue={values.issueDate}
            error={error("issueDate")}
            required
          />
          <FormField
            name="taxEventDate"
            type="date"
            label="Дата на данъчното събитие"
            defaultValue={values.taxEventDate}
            error={error("taxEventDate")}
            hint="Празно, ако съвпада с датата на издаване"
          />
          <FormField
            name="dueDate"
            type="date"
            label="Падеж"
            defaultValue={values.dueDate}
            error={error("dueDate")}
          />
          <FormField
            name="placeOfIssue"
            label="Място на издаване"
            defaultValue={values.placeOfIssue}
            error={error("placeOfIssue")}
          />
        </div>
      </fieldset>

      {isNoteType(type) || values.originalId || errors.originalId || errors.reason ? (
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
      ) : null}

      <h2 id="lines-heading" tabIndex={-1}>
        Редове
      </h2>
      {errors.lines ? (
        <p className={fieldStyles.error} role="alert">
          {errors.lines}
        </p>
      ) : null}
      {lines.map((line, i) => {
        const name = (field: string) => `lines[${i}][${field}]`;
        const live = lineProblems(line);
        const lineError = (field: string) =>
          errors[`lines.${i}.${field}`] ?? live[field as keyof typeof live];
        const net = nets[i];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; the form re-mounts on every server re-render
          <fieldset key={i} className={styles.lineRow} style={{ border: 0, margin: 0 }}>
            <legend className="visually-hidden">Ред {i + 1}</legend>
            <FormField
              name={name("description")}
              label={`Описание (ред ${i + 1})`}
              defaultValue={line.description}
              error={lineError("description")}
              required
            />
            <FormField
              name={name("quantity")}
              label="Количество"
              inputMode="decimal"
              defaultValue={line.quantity}
              error={lineError("quantity")}
              required
            />
            <FormField
              name={name("unit")}
              label="Мярка"
              defaultValue={line.unit}
              error={lineError("unit")}
            />
            <FormField
              name={name("unitPrice")}
              label={`Ед. цена без ДДС (${currency})`}
              inputMode="decimal"
              defaultValue={line.unitPrice}
              error={lineError("unitPrice")}
              required
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
              defaultValue={vatRegistered ? line.vatRate : "none"}
              options={vatRateOptions}
              error={lineError("vatRate")}
            />
            <div className={fieldStyles.field}>
              <span className={fieldStyles.label} aria-hidden="true">
                Стойност
              </span>
              <output className={styles.lineNet} aria-label={`Стойност на ред ${i + 1}`}>
                {net === null || net === undefined ? "—" : formatCents(net)}
              </output>
              <Button
                type="submit"
                name="intent"
                value={`removeLine:${i}`}
                tone="quiet"
                formNoValidate
              >
                Премахни<span className="visually-hidden"> ред {i + 1}</span>
              </Button>
            </div>
          </fieldset>
        );
      })}
      {lines.length < MAX_LINES ? (
        <p>
          <Button type="submit" name="intent" value="addLine" tone="secondary" formNoValidate>
            + Добави ред
          </Button>
        </p>
      ) : null}

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
            <dd>
              {formatCents(totals.totalCents)} {currency}
            </dd>
          </div>
        </dl>
      </section>

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
            hint="Само за валути, различни от EUR и BGN"
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
              Фирмата не е регистрирана по ЗДДС: документите са без ДДС и с основание „чл. 113, ал.
              9 от ЗДДС“.
            </p>
          )}
        </div>
      </fieldset>

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
      <Actions canIssue />
    </Form>
  );
}
