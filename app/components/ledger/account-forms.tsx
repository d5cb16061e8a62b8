import { Form } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { nraAccountsOn } from "~/modules/reference/nra-accounts";
import { typedOr, useFormAnswer } from "~/utils/forms";

/* The chart's per-account forms (/ledger/accounts): its name, its code in НАП's nomenclature. */

export function RenameForm({ code, name, busy }: { code: string; name: string; busy: boolean }) {
  const answer = useFormAnswer(`rename-${code}`);
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <Form ref={focusRef} method="post" className={listStyles.toolbar} style={{ margin: 0 }}>
      <CompanyField />
      <input type="hidden" name="code" value={code} />
      <FormField
        name="name"
        label={`Име на сметка ${code}`}
        defaultValue={typedOr(answer, "name", name)}
        error={answer?.fieldErrors.name}
        controlProps={{ maxLength: 200 }}
      />
      <div>
        <Button type="submit" name="intent" value="rename" tone="secondary" disabled={busy}>
          Преименувай<span className="visually-hidden"> {code}</span>
        </Button>
      </div>
    </Form>
  );
}

/** The account's SAF-T code (the file's AccountID): 3 to 5 digits, as НАП's schema allows. */
export function SaftCodeForm(props: { code: string; saftCode: string; busy: boolean }) {
  const answer = useFormAnswer(`saft-${props.code}`);
  const focusRef = useFocusFirstInvalid(answer);
  return (
    <Form ref={focusRef} method="post" className={listStyles.toolbar} style={{ margin: 0 }}>
      <CompanyField />
      <input type="hidden" name="code" value={props.code} />
      <FormField
        name="saftCode"
        label={`Код по НАП на сметка ${props.code}`}
        defaultValue={typedOr(answer, "saftCode", props.saftCode)}
        error={answer?.fieldErrors.saftCode}
        controlProps={{ maxLength: 5, inputMode: "numeric", list: NRA_LIST }}
      />
      <div>
        <Button
          type="submit"
          name="intent"
          value="saft-code"
          tone="secondary"
          disabled={props.busy}
        >
          Запази кода<span className="visually-hidden"> на {props.code}</span>
        </Button>
      </div>
    </Form>
  );
}

const NRA_LIST = "nra-accounts";

/** НАП's nomenclature of accounts in force on the day, offered by every code field of the page. */
export function NraAccountsList({ day }: { day: string }) {
  return (
    <datalist id={NRA_LIST}>
      {nraAccountsOn(day).rows.map(([code, name]) => (
        <option key={code} value={code}>
          {`${code} ${name}`}
        </option>
      ))}
    </datalist>
  );
}
