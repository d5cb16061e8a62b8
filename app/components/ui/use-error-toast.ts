import { useEffect } from "react";
import { useToast } from "./toaster";

/**
 * Shows a destructive toast (spec §8) when a form answer carries an error message; it is an
 * attempt's toast, which the next success shown removes.
 */
export function useErrorToast(title: string, message: string | null | undefined) {
  const show = useToast();
  useEffect(() => {
    if (message) show({ type: "error", title, description: message, attempt: true });
  }, [show, title, message]);
}
