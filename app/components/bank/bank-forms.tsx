import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as formGrid from "~/components/forms/form-grid.css";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { CSV_FIELDS, STATEMENT_LIMITS } from "~/modules/bank/constants";
import { BANK_LAYOUTS } from "~/modules/bank/layouts";
import { typedOr, useFormAnswer } from "~/utils/forms";

/* The bank's native forms: upload a statement, add an account, an account's CSV mapping. */

export const CURRENCY_OPTIONS = [
  ["EUR", "EUR"],
  ["BGN", "BGN"],
  ["USD", "USD"],
  ["GBP", "GBP"],
  ["CHF", "CHF"],
] as const;

/**
 * Upload a statement: the file, and the account (needed for a table export without its account
 * and a file naming the bank's own number; MT940 and XML with an IBAN name theirs). When the
 * answer asks for the account, the uploaded file is kept on the server: the form names it in
 * hidden fields and asks only for the account (decision 046).
 */
export function UploadForm({
  accounts,
}: {
  accounts: { id: string; iban: string; currency: string; name: string | null }[];
}) {
  const answer = useFormAnswer("upload");
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const kept = typedOr(answer, "kept");
  const keptName = typedOr(answer, "keptName");
  const options: [string, string][] = [
    ["", "По IBAN във файла (MT940, camt.053)"],
    ...accounts.map((a): [string, string] => [
      a.id,
      `${a.name ? `${a.name} — ` : ""}${a.iban} (${a.currency})`,
    ]),
  ];
  return (
    <Form
      ref={focusRef}
      method="post"
      encType="multipart/form-data"
      aria-label="Внасяне на извлечение"
    >
      <CompanyField />
      <h2>Внасяне на извлечение</h2>
      <FormError message={answer?.formError} />
      <div className={formGrid.grid}>
        {kept ? (
          <>
            <input type="hidden" name="kept" value={kept} />
            <input type="hidden" name="keptName" value={keptName} />
          </>
        ) : null}
        <FormField
          name="file"
          type="file"
          label={kept ? "Друг файл (по избор)" : "Файл с извлечение"}
          required={!kept}
          error={answer?.fieldErrors.file}
          hint={
            kept
              ? `Файлът «${keptName}» е качен: изберете сметката и натиснете «Внеси».`
              : `MT940 (.sta, .txt, .940), camt.053 или XML на банката (.xml), CSV или Excel (.xlsx, .xls на УниКредит и ДСК), до ${STATEMENT_LIMITS.maxBytes / 1024 / 1024} MB. За ОББ изберете «Подробно извлечение».`
          }
          controlProps={{
            accept:
              ".sta,.txt,.940,.mt940,.xml,.csv,.xlsx,.xls,.htm,.html,text/plain,text/csv,text/html,application/xml,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          }}
        />
        <FormField
          name="accountId"
          label="Сметка"
          options={options}
          defaultValue={typedOr(answer, "accountId")}
          error={answer?.fieldErrors.accountId}
          hint="За CSV или Excel файл и за сметка с номер вместо IBAN (изборът се запомня)"
        />
      </div>
      <Button type="submit" name="intent" value="upload" disabled={busy}>
        Внеси
      </Button>
    </Form>
  );
}

/** Add a bank account of the company (IBAN checked, currency). */
export function AccountForm() {
  const answer = useFormAnswer("account");
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  return (
    <Form ref={focusRef} method="post" aria-label="Нова банкова сметка">
      <CompanyField />
      <h2>Нова сметка</h2>
      <FormError message={answer?.formError} />
      <div className={formGrid.row}>
        <FormField
          name="iban"
          label="IBAN"
          required
          autoComplete="off"
          defaultValue={typedOr(answer, "iban")}
          error={answer?.fieldErrors.iban}
          controlProps={{ maxLength: 50 }}
        />
        <FormField
          name="currency"
          label="Валута"
          required
          options={CURRENCY_OPTIONS}
          defaultValue={typedOr(answer, "currency") || "EUR"}
          error={answer?.fieldErrors.currency}
        />
        <FormField
          name="name"
          label="Име (по избор)"
          defaultValue={typedOr(answer, "name")}
          error={answer?.fieldErrors.name}
          controlProps={{ maxLength: 100 }}
        />
      </div>
      <Button type="submit" name="intent" value="account" tone="secondary" disabled={busy}>
        Добави сметка
      </Button>
    </Form>
  );
}

const LAYOUT_OPTIONS: [string, string][] = [
  ["", "— изберете банката —"],
  ...BANK_LAYOUTS.map((layout): [string, string] => [layout.id, layout.label]),
];

/**
 * An account's settings: its name, automatic confirmation, the CSV mapping — which a bank's
 * columns fill in («Попълни колоните», saved only with «Запази»; decision 046).
 */
export function AccountSettingsForm({
  account,
}: {
  account: Record<string, string | boolean | null> & { autoConfirm: boolean };
}) {
  const answer = useFormAnswer("settings");
  const focusRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const value = (name: string, stored: string | boolean | null) =>
    answer ? typedOr(answer, name) : typeof stored === "string" ? stored : "";
  const filledFrom = typedOr(answer, "filledFrom");
  return (
    <>
      <Form ref={focusRef} method="post" aria-label="Настройки на сметката">
        <CompanyField />
        <FormError message={answer?.formError} />
        <FormField
          name="name"
          label="Име"
          defaultValue={value("name", account.name ?? null)}
          error={answer?.fieldErrors.name}
          controlProps={{ maxLength: 100 }}
        />
        <p>
          <label>
            <input
              type="checkbox"
              name="autoConfirm"
              defaultChecked={
                answer ? typedOr(answer, "autoConfirm") === "on" : account.autoConfirm
              }
            />{" "}
            Разнасяй автоматично при внасяне само еднозначните точни съвпадения (номер и сума)
          </label>
        </p>
        <h2>Колони на CSV, Excel или XML файла</h2>
        <p>
          Файловете на УниКредит Булбанк, ДСК (CSV, Excel и XML), ОББ (XML) и Тексим Банк се четат и
          без колони. За друг файл: името на колоната, както е в заглавния ред, или номерът ѝ (1 =
          първата); нужни са дата и сума — една колона със знак, дебит и кредит, или сума и колона
          за вида (ДТ/КТ). «Наредител | Бенефициент» назовава колоната за постъпленията и тази за
          плащанията. Колоните на банка се попълват от «Колоните на банка» по-долу.
        </p>
        {filledFrom ? (
          <p role="status">
            Попълнени са колоните на «{filledFrom}»: проверете ги и натиснете «Запази».
          </p>
        ) : null}
        <div className={formGrid.grid}>
          {(Object.entries(CSV_FIELDS) as [keyof typeof CSV_FIELDS, string][]).map(
            ([key, label]) => (
              <FormField
                key={key}
                name={key}
                label={label}
                defaultValue={value(
                  key,
                  account[`csv${key[0]?.toUpperCase()}${key.slice(1)}`] ?? null,
                )}
                error={answer?.fieldErrors[key]}
                controlProps={{ maxLength: 100 }}
              />
            ),
          )}
        </div>
        <Button type="submit" name="intent" value="settings" disabled={busy}>
          Запази
        </Button>
      </Form>
      {/* A form of its own: Enter in a field of the settings saves them, never fills them. */}
      <Form method="post" aria-label="Колоните на банка">
        <CompanyField />
        <h2>Колоните на банка</h2>
        <div className={formGrid.grid}>
          <FormField
            name="layout"
            label="Банка"
            options={LAYOUT_OPTIONS}
            defaultValue={typedOr(answer, "layout")}
            error={answer?.fieldErrors.layout}
            hint="Попълва колоните по-горе (без да ги запазва): проверете ги и натиснете «Запази»"
          />
        </div>
        <Button type="submit" name="intent" value="layout" tone="secondary" disabled={busy}>
          Попълни колоните
        </Button>
      </Form>
    </>
  );
}
