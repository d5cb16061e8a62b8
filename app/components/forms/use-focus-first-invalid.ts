import { useEffect, useRef } from "react";
import type { FormAnswer } from "~/utils/forms";

/** After a refused save, focus goes to the first control with an error (or the form's message). */
export function useFocusFirstInvalid(answer: FormAnswer | undefined) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!answer || !form.current) return;
    const named = answer.focus
      ? (form.current.elements.namedItem(answer.focus) as HTMLElement | RadioNodeList | null)
      : null;
    const target =
      named ?? form.current.querySelector<HTMLElement>("[aria-invalid='true'], [role='alert']");
    const element = target instanceof RadioNodeList ? (target[0] as HTMLElement) : target;
    element?.focus?.();
  }, [answer]);
  return form;
}
