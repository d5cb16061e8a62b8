import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import * as fieldStyles from "~/components/forms/field.css";
import { useFieldFrame } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Combobox } from "~/components/ui/combobox";
import * as listStyles from "~/components/ui/list.css";
import { useServerSearch } from "~/components/ui/use-server-search";
import { vatRateLabel } from "~/modules/catalogue/constants";
import type {
  CatalogueOption,
  EditorClient,
  EditorLine,
  EditorSearch,
} from "~/modules/invoices/editor";
import { formatPrice, PRICE_SCALE, parseDecimal } from "~/utils/money";
import * as styles from "./invoices.css";

/*
 * The editor's pickers (issue #15). With JavaScript: comboboxes (the ARIA 1.2 pattern, by
 * downshift) that search the server as one types. Without it: the editor's own form sent by GET
 * with a search field («Търси клиент», «Търси в каталога»), so what was typed comes back with the
 * results; a catalogue item is added by posting the form («Добави», an intent like «+ Добави ред»).
 */

const priceOf = (item: CatalogueOption) =>
  formatPrice(parseDecimal(item.unitPrice, PRICE_SCALE) ?? 0n);

/** A search sent by GET with the whole form; the fragment brings the results into view. */
function SearchButton({
  action,
  search,
  label,
}: {
  action: string;
  search: "client" | "choose" | "catalogue";
  label: string;
}) {
  return (
    <Button
      type="submit"
      formMethod="get"
      formAction={`${action}#${search === "catalogue" ? "catalogue" : "client"}-search`}
      name="search"
      value={search}
      formNoValidate
      tone="secondary"
    >
      {label}
    </Button>
  );
}

const newClientHint = (
  <>
    Няма го? <Link to="/client/new">Добавете нов клиент</Link>.
  </>
);

/**
 * Before issuing: how НАП's files (Windows-1251) will write the chosen client's name, if not as
 * is. The server says it for the clients it drew the page with; for a client picked from the
 * API's results the table of Windows-1251 is loaded then, not with the page.
 */
function useNameInFiles(client: EditorClient | null | undefined) {
  const [worked, setWorked] = useState<{ name: string; warning: string | null } | null>(null);
  const known = client?.nameWarning;
  const name = client?.name;
  useEffect(() => {
    if (name === undefined || known !== undefined) return;
    let live = true;
    void import("~/utils/cp1251").then(({ cp1251Warning }) => {
      if (live) setWorked({ name, warning: cp1251Warning(name) });
    });
    return () => {
      live = false;
    };
  }, [name, known]);
  const warning =
    known !== undefined ? known : worked && worked.name === name ? worked.warning : null;
  return warning ? <> {warning}</> : null;
}

/**
 * «Клиент»: with JavaScript a combobox over the company's clients (by name, ЕИК or VAT number,
 * 10 at a time from /api/clients) posting `clientId` from a hidden input; without it a short
 * select (the chosen client and up to 20 others) with «Търси клиент» and «Избери клиента».
 */
export function ClientField({
  action,
  search,
  error,
  onChoose,
}: {
  action: string;
  search: EditorSearch;
  error: string | undefined;
  onChoose: (client: EditorClient) => void;
}) {
  const hydrated = useHydrated();
  if (hydrated) return <ClientCombobox search={search} error={error} onChoose={onChoose} />;
  const others = search.clients.filter((c) => c.id !== search.client?.id);
  const options: [string, string][] = [
    ["", "— Изберете клиент —"],
    ...(search.client ? [[search.client.id, search.client.name] as [string, string]] : []),
    ...others.map((c) => [c.id, c.name] as [string, string]),
  ];
  const found = search.clientQ
    ? search.clients.length
      ? `Намерени за „${search.clientQ}“: ${search.clients.length}${search.moreClients ? "+" : ""}. `
      : `Няма клиенти за „${search.clientQ}“. `
    : search.moreClients
      ? `Показани са първите ${search.clients.length} по име: търсете по-долу. `
      : "";
  const clientInFiles = search.client?.nameWarning ? <> {search.client.nameWarning}</> : null;
  return (
    <div id="client-search">
      <FormField
        name="clientId"
        label="Клиент"
        defaultValue={search.client?.id ?? ""}
        options={options}
        error={error}
        required
        hint={
          <>
            {found}
            {newClientHint}
            {clientInFiles}
          </>
        }
      />
      <div className={listStyles.toolbar} style={{ marginBottom: 0 }}>
        <SearchButton action={action} search="choose" label="Избери клиента" />
      </div>
      <div className={listStyles.toolbar} role="search" aria-label="Търсене на клиент">
        <FormField
          name="clientQ"
          type="search"
          label="Търси клиент"
          defaultValue={search.clientQ}
          hint="Име, ЕИК или ДДС номер"
          controlProps={{ maxLength: 100 }}
        />
        <div className={fieldStyles.field}>
          <SearchButton action={action} search="client" label="Търси" />
        </div>
      </div>
    </div>
  );
}

function ClientCombobox({
  search,
  error,
  onChoose,
}: {
  search: EditorSearch;
  error: string | undefined;
  onChoose: (client: EditorClient) => void;
}) {
  const [selected, setSelected] = useState<EditorClient | null>(search.client);
  const selectedInFiles = useNameInFiles(selected);
  const { aria, frame, labelId } = useFieldFrame({
    label: "Клиент",
    required: true,
    error,
    hint: (
      <>
        Пишете име, ЕИК или ДДС номер и изберете от списъка. {newClientHint}
        {selectedInFiles}
      </>
    ),
  });
  const { items, search: find } = useServerSearch<EditorClient>(
    (q) => `/api/clients?q=${encodeURIComponent(q)}&limit=10`,
    (body) => (body as { clients: EditorClient[] }).clients,
    search.clients.slice(0, 10),
  );
  return frame(
    <>
      <input type="hidden" name="clientId" value={selected?.id ?? ""} />
      <Combobox
        items={items}
        itemKey={(c) => c.id}
        itemText={(c) => c.name}
        renderItem={(c) => (
          <>
            {c.name}
            {c.eik ? <span className={fieldStyles.hint}> · ЕИК {c.eik}</span> : null}
          </>
        )}
        matches={() => true}
        selected={selected}
        onSelect={(client) => {
          setSelected(client);
          if (client) onChoose(client);
        }}
        onQuery={find}
        inputProps={{ ...aria, "data-field": "clientId" }}
        labelId={labelId}
        empty="Няма такъв клиент"
      />
    </>,
  );
}

/**
 * A line's description: a plain field, or — with JavaScript, when the company has a catalogue —
 * a combobox that offers the catalogue's items as one types; choosing one fills the line. What
 * is typed stays the description when nothing is chosen.
 */
export function LineDescription({
  index,
  line,
  error,
  hasCatalogue,
  language,
  onPick,
}: {
  index: number;
  line: EditorLine;
  error: string | undefined;
  hasCatalogue: boolean;
  language: string;
  onPick: (item: CatalogueOption) => void;
}) {
  const hydrated = useHydrated();
  const name = `lines[${index}][description]`;
  const label = `Описание (ред ${index + 1})`;
  if (!hydrated || !hasCatalogue) {
    return (
      <FormField name={name} label={label} defaultValue={line.description} error={error} required />
    );
  }
  return (
    <CatalogueCombobox
      name={name}
      label={label}
      line={line}
      error={error}
      language={language}
      onPick={onPick}
    />
  );
}

function CatalogueCombobox({
  name,
  label,
  line,
  error,
  language,
  onPick,
}: {
  name: string;
  label: string;
  line: EditorLine;
  error: string | undefined;
  language: string;
  onPick: (item: CatalogueOption) => void;
}) {
  const { aria, frame, labelId } = useFieldFrame({ label, required: true, error });
  const { items, search } = useServerSearch<CatalogueOption>(
    (q) => `/api/catalogue?q=${encodeURIComponent(q)}&limit=10`,
    (body) => (body as { items: CatalogueOption[] }).items,
  );
  return frame(
    <Combobox
      items={items}
      itemKey={(item) => item.id}
      itemText={(item) => (language === "en" && item.nameEn ? item.nameEn : item.name)}
      renderItem={(item) => (
        <>
          {item.name}
          <span className={fieldStyles.hint}>
            {` · ${priceOf(item)} за ${item.unit}, ДДС ${vatRateLabel(item.vatRate)}`}
          </span>
        </>
      )}
      matches={() => true}
      selected={null}
      onSelect={(item) => {
        if (item) onPick(item);
      }}
      onQuery={search}
      initialQuery={line.description}
      inputProps={{ ...aria, name }}
      labelId={labelId}
      empty="Няма такъв артикул в каталога"
    />,
  );
}

/**
 * Without JavaScript: «Търси в каталога» (the form by GET) and the matches, each with «Добави»
 * (posts the form: a line filled from the item, everything typed kept).
 */
export function CatalogueSearch({ action, search }: { action: string; search: EditorSearch }) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  const items = search.catalogue;
  return (
    <section
      id="catalogue-search"
      aria-labelledby="catalogue-search-heading"
      className={styles.party}
      style={{ marginBottom: "1rem" }}
    >
      <h3 id="catalogue-search-heading" style={{ marginTop: 0 }}>
        Ред от каталога
      </h3>
      <div className={listStyles.toolbar} role="search" aria-label="Търсене в каталога">
        <FormField
          name="catalogueQ"
          type="search"
          label="Търси в каталога"
          defaultValue={search.catalogueQ}
          hint="Част от наименованието; празно — първите 20"
          controlProps={{ maxLength: 100 }}
        />
        <div className={fieldStyles.field}>
          <SearchButton action={action} search="catalogue" label="Търси" />
        </div>
      </div>
      {items === null ? null : items.length === 0 ? (
        <p id="catalogue-results" tabIndex={-1}>
          Няма артикули{search.catalogueQ ? ` за „${search.catalogueQ}“` : ""} в каталога.
        </p>
      ) : (
        <ul
          id="catalogue-results"
          tabIndex={-1}
          aria-label="Намерени артикули"
          className={styles.plainList}
        >
          {items.map((item) => (
            <li key={item.id} style={{ marginBottom: "0.5rem" }}>
              <strong>{item.name}</strong>
              {` — ${priceOf(item)} за ${item.unit}, ДДС ${vatRateLabel(item.vatRate)} `}
              <Button
                type="submit"
                name="intent"
                value={`addCatalogue:${item.id}`}
                tone="quiet"
                formNoValidate
              >
                Добави<span className="visually-hidden"> {item.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
