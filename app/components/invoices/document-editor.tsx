import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CompanyField } from "~/components/forms/company-field";
import { DateField } from "~/components/forms/date-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import type { OpenAdvance } from "~/modules/invoices/advances";
import { DOCUMENT_LANGUAGES, DOCUMENT_TYPES, OTHER_GROUND } from "~/modules/invoices/constants";
import {
  type CatalogueOption,
  clientTerms,
  draftTotals,
  type EditorClient,
  type EditorSearch,
  type EditorValues,
  groundValues,
  lineFromCatalogue,
  MAX_LINES,
  NO_VAT_TREATMENTS,
  valuesFromForm,
} from "~/modules/invoices/editor";
import {
  groundsOn,
  ratesOn,
  type VatGroundRow,
  type VatRateRow,
  vatDateOf,
} from "~/modules/reference/vat-rows";
import { isIsoDate, todayInSofia } from "~/utils/dates";
import { AdvanceFields } from "./advance-fields";
import {
  Actions,
  CurrencyVatFields,
  EditorTotals,
  LineRow,
  NoteFields,
  PaymentFields,
  rateOptions,
} from "./editor-parts";
import { CatalogueSearch, ClientField } from "./editor-pickers";
import * as styles from "./invoices.css";

const isNoteType = (type: string) => type === "credit_note" || type === "debit_note";

/**
 * The document editor. A native form: without JavaScript "Добави ред", "Премахни" and a
 * catalogue item's «Добави» post the form and the server sends it back with the line added or
 * removed; «Търси клиент» and «Търси в каталога» send the form by GET (nothing typed is lost) and
 * the page comes back with the results. With JavaScript the totals follow every keystroke
 * (computed by the same function the server stores them with); the client and a line's
 * description are comboboxes that search the server as one types.
 */
export function DocumentEditor(props: EditorProps) {
  // A server re-render (a line added or removed, an error) starts the form afresh from its values.
  return <EditorForm key={props.revision} {...props} />;
}

interface EditorProps {
  /** Where the form posts (and sends its searches): the page's own path, without a query. */
  action: string;
  values: EditorValues;
  errors: Record<string, string>;
  formError?: string | null | undefined;
  revision: number | string;
  focus?: string | undefined;
  /** The chosen client and the searches' results (never the whole list of clients). */
  search: EditorSearch;
  invoices: { id: string; label: string; vatDate: string }[];
  vatRegistered: boolean;
  /** Every rate and ground with its validity: those in force on the document's date are offered. */
  vatRates: VatRateRow[];
  vatGrounds: VatGroundRow[];
  /** The company has catalogue items: a line can be filled from one. */
  hasCatalogue: boolean;
  /** «Курс на ЕЦБ от …» when the rate is (or will be filled in as) the ECB's (decision 051). */
  rateNote?: string | null | undefined;
  /** «Приспадни аванс»: the issued advance invoices with something left (decision 074). */
  advances?: OpenAdvance[];
}

/**
 * The day the rates are read for: a note's invoice's date (a note corrects it at its rates); else
 * the tax event's, else the issue date (while it is a date).
 */
function dayOf(
  values: Pick<EditorValues, "type" | "issueDate" | "taxEventDate" | "originalId">,
  invoices: { id: string; vatDate: string }[],
  fallback: string,
) {
  if (isNoteType(values.type)) {
    const original = invoices.find((i) => i.id === values.originalId);
    if (original) return original.vatDate;
  }
  const day = vatDateOf({
    issueDate: values.issueDate,
    taxEventDate: isIsoDate(values.taxEventDate) ? values.taxEventDate : null,
  });
  return isIsoDate(day) ? day : fallback;
}

function EditorForm({
  action,
  values,
  errors,
  formError,
  revision,
  focus,
  search,
  invoices,
  vatRegistered,
  vatRates,
  vatGrounds,
  hasCatalogue,
  rateNote,
  advances = [],
}: EditorProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [lines, setLines] = useState(values.lines);
  const [type, setType] = useState(values.type);
  const [language, setLanguage] = useState(values.language);
  // A date that is not one yet (a refused form) offers today's rates.
  const [day, setDay] = useState(() => dayOf(values, invoices, todayInSofia()));
  const [ground, setGround] = useState(values.vatGround);
  // The chosen client's VAT treatment: it wins over a catalogue item's rate.
  const [treatment, setTreatment] = useState(search.client?.vatTreatment);
  // A line filled from the catalogue is drawn afresh (its inputs take the item's values).
  const [versions, setVersions] = useState<Record<number, number>>({});
  const [focusAfterFill, setFocusAfterFill] = useState<string | null>(null);
  const { nets, totals } = draftTotals(lines, vatRegistered);
  const currency = values.currency || "EUR";

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again after every server re-render, even to the same place
  useEffect(() => {
    // Not before hydration has put the combobox in the select's place: the form sent before
    // the scripts ran came back with the focus on a select that was then replaced (on <body>).
    if (!focus || !hydrated) return;
    const form = formRef.current;
    const name = CSS.escape(focus);
    // A field kept in a hidden input (the client's combobox) is focused where it is typed into:
    // a hidden input takes no focus, which left it on <body> (issue #31 item 4).
    const element =
      document.getElementById(focus) ??
      form?.querySelector<HTMLElement>(`[data-field="${name}"]`) ??
      form?.querySelector<HTMLElement>(`[name="${name}"]:not([type="hidden"])`);
    element?.focus();
  }, [focus, revision, hydrated]);

  useEffect(() => {
    if (!focusAfterFill) return;
    const element = formRef.current?.querySelector<HTMLInputElement>(
      `[name="${CSS.escape(focusAfterFill)}"]`,
    );
    element?.focus();
    // Typing replaces the quantity (its «1» selected), never appends to it.
    element?.select();
    setFocusAfterFill(null);
  }, [focusAfterFill]);

  const recompute = () => {
    if (!formRef.current) return;
    const current = valuesFromForm(new FormData(formRef.current));
    setLines(current.lines);
    setType(current.type);
    setLanguage(current.language);
    // A new date offers the rates and grounds in force on it.
    setDay((previous) => dayOf(current, invoices, previous));
    setGround(current.vatGround);
  };

  const setField = (name: string, value: string, onlyIfEmpty = false) => {
    const element = formRef.current?.elements.namedItem(name) as
      | HTMLInputElement
      | HTMLSelectElement
      | null;
    if (element && (!onlyIfEmpty || !element.value)) element.value = value;
  };

  /** A ground chosen from the list valid on the day, or typed as «Друго основание». */
  const setGroundText = (text: string) => {
    const chosen = groundValues(text, groundsOn(vatGrounds, day));
    setField("vatGround", chosen.vatGround);
    if (chosen.vatGround === OTHER_GROUND) setField("vatGroundOther", chosen.vatGroundOther);
  };

  // With JavaScript, choosing a client fills in its usual terms (the server does the same for
  // ?clientId= and for «Избери клиента» without JavaScript).
  const applyClient = (client: EditorClient) => {
    const form = formRef.current;
    if (!form) return;
    const terms = clientTerms(client, {
      vatRegistered,
      standardRate: String(ratesOn(vatRates, day)[0]?.rate ?? 20),
      issueDate: (form.elements.namedItem("issueDate") as HTMLInputElement | null)?.value ?? "",
    });
    setTreatment(client.vatTreatment);
    setField("currency", terms.currency);
    if (terms.language) setField("language", terms.language);
    if (terms.dueDate) setField("dueDate", terms.dueDate);
    setField("recipientName", terms.recipientName, true);
    if (terms.vatGround) setGroundText(terms.vatGround);
    // The same rule as withClientTerms: an empty line takes the client's rate, and so does a typed
    // one charging VAT to a client charged none.
    const noVat = NO_VAT_TREATMENTS.includes(client.vatTreatment);
    lines.forEach((line, i) => {
      const charges = line.vatRate !== "none" && line.vatRate !== "" && line.vatRate !== "0";
      if (!line.description.trim() || (noVat && charges)) {
        setField(`lines[${i}][vatRate]`, terms.vatRate);
      }
    });
    recompute();
  };

  // With JavaScript, an item chosen in a line's description fills that line (quantity and
  // discount stay); its ground fills the document's when none is chosen yet.
  const fillFromCatalogue = (index: number, item: CatalogueOption) => {
    const form = formRef.current;
    if (!form) return;
    const current = valuesFromForm(new FormData(form));
    const old = current.lines[index];
    if (!old) return;
    const line = lineFromCatalogue(
      item,
      { language: current.language, vatRegistered, treatment },
      old.quantity,
    );
    current.lines[index] = { ...line, discount: old.discount };
    if (item.vatGround && !current.vatGround && !current.vatGroundOther) {
      setGroundText(item.vatGround);
      setGround(groundValues(item.vatGround, groundsOn(vatGrounds, day)).vatGround);
    }
    setLines(current.lines);
    setVersions((previous) => ({ ...previous, [index]: (previous[index] ?? 0) + 1 }));
    setFocusAfterFill(`lines[${index}][quantity]`);
  };

  const offeredGrounds = groundsOn(vatGrounds, day);
  const groundOptions: [string, string][] = [
    ["", "— Няма (всички редове са с ДДС) —"],
    ...offeredGrounds.map((g) => [g.text, `${g.text} — ${g.label}`] as [string, string]),
    // A ground chosen before the date changed stays until another is chosen.
    ...(ground && ground !== OTHER_GROUND && !offeredGrounds.some((g) => g.text === ground)
      ? [[ground, `${ground} (не е в сила към датата на документа)`] as [string, string]]
      : []),
    [OTHER_GROUND, "Друго основание (въведете)"],
  ];
  const error = (key: string) => errors[key];

  return (
    <Form
      method="post"
      action={action}
      ref={formRef}
      onInput={recompute}
      noValidate
      aria-describedby={formError ? "editor-error" : undefined}
    >
      <CompanyField />
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
          <ClientField
            action={action}
            search={search}
            error={error("clientId")}
            onChoose={applyClient}
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
          <DateField
            name="issueDate"
            label="Дата на издаване"
            defaultValue={values.issueDate}
            error={error("issueDate")}
            required
          />
          <DateField
            name="taxEventDate"
            label="Дата на данъчното събитие"
            defaultValue={values.taxEventDate}
            error={error("taxEventDate")}
            hint="Празно, ако съвпада с датата на издаване"
          />
          <DateField
            name="dueDate"
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
        <NoteFields values={values} errors={errors} invoices={invoices} />
      ) : null}
      {type === "invoice" ? (
        <AdvanceFields values={values} errors={errors} advances={advances} />
      ) : null}

      <h2 id="lines-heading" tabIndex={-1}>
        Редове
      </h2>
      {hydrated && hasCatalogue ? (
        <p className={fieldStyles.hint}>
          Описанието търси в каталога, докато пишете: изберете артикул със стрелките и Enter, за да
          попълните реда.
        </p>
      ) : null}
      {errors.lines ? (
        <p className={fieldStyles.error} role="alert">
          {errors.lines}
        </p>
      ) : null}
      {lines.map((line, i) => (
        <LineRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; the form re-mounts on every server re-render
          key={`${i}:${versions[i] ?? 0}`}
          index={i}
          line={line}
          net={nets[i]}
          errors={errors}
          hasCatalogue={hasCatalogue}
          language={language}
          currency={currency}
          vatRegistered={vatRegistered}
          rateOptions={rateOptions(
            vatRates,
            day,
            vatRegistered,
            line.vatRate === "none" ? "" : line.vatRate,
          )}
          onPick={(item) => fillFromCatalogue(i, item)}
        />
      ))}
      {lines.length < MAX_LINES ? (
        <p>
          <Button type="submit" name="intent" value="addLine" tone="secondary" formNoValidate>
            + Добави ред
          </Button>
        </p>
      ) : null}
      {hasCatalogue ? <CatalogueSearch action={action} search={search} /> : null}

      <EditorTotals
        lines={lines}
        totals={totals}
        vatRegistered={vatRegistered}
        currency={currency}
      />

      <CurrencyVatFields
        values={values}
        errors={errors}
        rateNote={rateNote}
        vatRegistered={vatRegistered}
        groundOptions={groundOptions}
      />

      <PaymentFields values={values} errors={errors} />
      <Actions canIssue />
    </Form>
  );
}
