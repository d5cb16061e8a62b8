import { useEffect, useState } from "react";

export type Availability =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "valid"; message: string }
  | { state: "invalid"; message: string };

/**
 * Asks the server whether a value is still free, 500 ms after typing stops (spec §4):
 * empty input (or shorter than `minLength`) is unchecked; success → valid; success false or
 * HTTP 400 → invalid with the server's message; any other failure → back to unchecked.
 */
export function useAvailability(
  path: string,
  key: string,
  value: string,
  texts: { free: string; taken: string; generic: string },
  minLength = 1,
): Availability {
  const [availability, setAvailability] = useState<Availability>({ state: "idle" });
  useEffect(() => {
    const trimmed = value.trim();
    if (trimmed.length < minLength) {
      setAvailability({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setAvailability({ state: "loading" });
      try {
        const response = await fetch(path, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ [key]: trimmed }),
          signal: controller.signal,
        });
        const body = (await response.json().catch(() => null)) as {
          success?: boolean;
          message?: string;
          error?: string;
        } | null;
        if (response.status === 400) {
          setAvailability({
            state: "invalid",
            message: body?.error ?? body?.message ?? texts.taken,
          });
        } else if (!response.ok || body === null) {
          setAvailability({ state: "idle" });
        } else if (body.success === true) {
          setAvailability({ state: "valid", message: body.message ?? texts.free });
        } else if (body.success === false) {
          setAvailability({ state: "invalid", message: body.error ?? body.message ?? texts.taken });
        } else {
          setAvailability({ state: "invalid", message: texts.generic });
        }
      } catch {
        if (!controller.signal.aborted) setAvailability({ state: "idle" });
      }
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, key, value, minLength, texts.free, texts.taken, texts.generic]);
  return availability;
}

/** The field status line for an availability check. */
export function availabilityStatus(availability: Availability, waiting: string) {
  switch (availability.state) {
    case "loading":
      return { tone: "info" as const, text: waiting };
    case "valid":
      return { tone: "ok" as const, text: availability.message };
    case "invalid":
      return { tone: "error" as const, text: availability.message };
    default:
      return null;
  }
}
