import { type ChangeEvent, useRef, useState } from "react";
import type { BgBank } from "~/modules/reference/banks";
import { fillFields } from "./vies-check";

/**
 * With JavaScript: as a Bulgarian IBAN is typed, the bank's name and BIC go into those fields when
 * they are empty (or still hold what this filled for an earlier IBAN), and the IBAN's status line
 * names the bank. Without JavaScript the server does the same on save (banks.server.ts). The IBAN
 * rules (ibantools) come with the first keystroke, not with the page.
 */
export function useBankFill(banks: readonly BgBank[]) {
  const filled = useRef<Record<string, string>>({});
  const [bank, setBank] = useState<BgBank | null>(null);
  const onIbanChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const { bankFill, bankOfIban, COMPANY_BANK_FIELDS } = await import("~/modules/reference/banks");
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(form))
      if (typeof value === "string") values[name] = value;
    for (const [name, value] of Object.entries(filled.current)) {
      if (values[name] === value) values[name] = "";
    }
    const fill = bankFill(banks, values, COMPANY_BANK_FIELDS);
    fillFields(form, fill);
    filled.current = { ...filled.current, ...fill };
    setBank(bankOfIban(banks, values[COMPANY_BANK_FIELDS.iban] ?? ""));
  };
  const status = bank
    ? { tone: "ok" as const, text: `Банка по IBAN: ${bank.nameBg}, BIC ${bank.bic}` }
    : null;
  return { onIbanChange, status };
}
