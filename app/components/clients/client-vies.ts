import { fillFields } from "~/components/forms/vies-check";
import {
  clientFill,
  VIES_MESSAGES,
  type ViesAnswer,
  type ViesStatus,
} from "~/modules/reference/vies";

/** «Провери» with JavaScript: GET /api/vies/{number}, then the name and address filled in place. */
export async function checkInVies(form: HTMLFormElement, show: (status: ViesStatus) => void) {
  const input = form.elements.namedItem("vatNumber");
  const vatNumber = input instanceof HTMLInputElement ? input.value.trim() : "";
  if (!vatNumber) {
    show({ tone: "error", text: VIES_MESSAGES.required });
    return;
  }
  show({ tone: "info", text: VIES_MESSAGES.checking });
  try {
    const response = await fetch(`/api/vies/${encodeURIComponent(vatNumber)}`, {
      headers: { Accept: "application/json" },
    });
    const body = (await response.json().catch(() => null)) as
      | (ViesAnswer & { message?: string; errors?: { vatNumber?: { _errors?: string[] } } })
      | null;
    if (!response.ok || !body) {
      const text =
        body?.errors?.vatNumber?._errors?.[0] ?? body?.message ?? VIES_MESSAGES.unavailable;
      show({ tone: "error", text });
      return;
    }
    const answer = clientFill(body);
    fillFields(form, answer.values);
    show(answer.status);
  } catch {
    show({ tone: "error", text: VIES_MESSAGES.unavailable });
  }
}
