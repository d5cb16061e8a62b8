import { type MouseEvent, useId } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import type { ViesStatus } from "~/modules/reference/vies";
import * as fieldStyles from "./field.css";
import * as styles from "./vies-check.css";

/**
 * «Провери» beside a VAT number. Without JavaScript it is a submit button (`name`=`value`, e.g.
 * intent=vies) and the server draws the form again, filled; with JavaScript `onCheck` runs in place
 * with the button's form. The status line is a polite live region that is there from the start,
 * so each new answer is read out.
 */
export function ViesCheck({
  name,
  value,
  status,
  onCheck,
}: {
  name: string;
  value: string;
  status: ViesStatus | null | undefined;
  onCheck: (form: HTMLFormElement) => void;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    onCheck(form);
  };
  const tone =
    status?.tone === "ok"
      ? fieldStyles.ok
      : status?.tone === "error"
        ? fieldStyles.error
        : fieldStyles.hint;
  return (
    <div className={styles.row}>
      <Button
        type="submit"
        name={name}
        value={value}
        tone="secondary"
        formNoValidate
        aria-describedby={`${id}-status`}
        onClick={hydrated ? click : undefined}
      >
        Провери<span className="visually-hidden"> във VIES</span>
      </Button>
      <p id={`${id}-status`} role="status" className={`${styles.status} ${tone}`}>
        {status?.text}
      </p>
    </div>
  );
}

/**
 * Puts values into a form's text fields as if typed (React sees an input event), so checks that
 * follow typing run too.
 */
export function fillFields(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) continue;
    if (control.value === value) continue;
    // React tracks the value it last set; the prototype's setter makes the change its own.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set?.call(
      control,
      value,
    );
    control.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
