import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";

/*
 * The 3-D Secure dialog (spec §4, §9): initial → redirecting → in_progress → polling → success,
 * incomplete, failed or timeout; up to 3 retries; a 300 s countdown; the check polled every 3 s,
 * at most 30 times. The bank's page opens in a popup (the local provider's confirmation page, or
 * the provider's own). Without JavaScript the same page is reached by a plain link.
 */

export type ThreeDsState =
  | "initial"
  | "redirecting"
  | "in_progress"
  | "polling"
  | "success"
  | "incomplete"
  | "failed"
  | "timeout";

export const THREE_DS = {
  countdownSeconds: 300,
  popupTimeoutMs: 300_000,
  pollEveryMs: 3_000,
  maxPolls: 30,
  maxRetries: 3,
} as const;

/** What the confirmation page posts to the dialog's window when the customer has answered. */
export const COMPLETION_MESSAGE = "smetka:3ds-complete";

export const THREE_DS_MESSAGES = {
  invalidSession: "Your session is no longer valid. Please sign in again.",
  popupBlocked:
    "Unable to open authentication window. Please allow pop-ups for this site and try again.",
  timedOut: "Authentication timed out. Please try again.",
  notCompleted: "Authentication was not completed. Please try again.",
  failed: "Verification failed. Please try again or use another card.",
  maxRetries: "Maximum retries reached. Please contact support.",
} as const;

export function ThreeDSecureDialog({
  clientSecret,
  url,
  open,
  onClose,
}: {
  clientSecret: string;
  /** The provider's page (Stripe's invoice page); the local provider's confirmation page otherwise. */
  url?: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const revalidator = useRevalidator();
  const [state, setState] = useState<ThreeDsState>("initial");
  const [message, setMessage] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState<number>(THREE_DS.countdownSeconds);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = () => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  };
  // Timers left when the dialog goes away are cancelled.
  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const finish = (next: ThreeDsState, text: string | null) => {
    clearTimers();
    setState(next);
    setMessage(text);
    if (next === "success") revalidator.revalidate();
  };

  const poll = (count: number) => {
    setState("polling");
    const run = async () => {
      try {
        const response = await fetch("/api/subscription/incomplete-3ds/check");
        if (response.status === 401 || response.status === 403) {
          return finish("failed", THREE_DS_MESSAGES.invalidSession);
        }
        if (response.ok) {
          const body = (await response.json()) as {
            data?: { requiresAuthentication?: boolean; clientSecret?: string | null };
          };
          if (!body.data?.requiresAuthentication || body.data.clientSecret !== clientSecret) {
            return finish("success", null);
          }
        }
      } catch {
        // A failed check is silent: the next one tries again.
      }
      if (count + 1 >= THREE_DS.maxPolls)
        return finish("incomplete", THREE_DS_MESSAGES.notCompleted);
      timers.current.push(setTimeout(() => poll(count + 1), THREE_DS.pollEveryMs));
    };
    void run();
  };

  const start = () => {
    if (attempts >= THREE_DS.maxRetries) return finish("failed", THREE_DS_MESSAGES.maxRetries);
    setAttempts((a) => a + 1);
    setMessage(null);
    setState("redirecting");
    const popup = window.open(
      url ?? `/settings/subscription/confirm?secret=${encodeURIComponent(clientSecret)}&popup=1`,
      "smetka-3ds",
      "width=520,height=680",
    );
    if (!popup) return finish("failed", THREE_DS_MESSAGES.popupBlocked);
    setState("in_progress");
    setSecondsLeft(THREE_DS.countdownSeconds);
    const started = Date.now();
    let settled = false;
    // The confirmation page tells us it is done (postMessage) before it closes; a closed popup
    // without a message (the provider's own page) leads to the same check.
    const toPolling = () => {
      if (settled) return;
      settled = true;
      window.removeEventListener("message", onMessage);
      clearTimers();
      poll(0);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: string; clientSecret?: string } | null;
      if (data?.type === COMPLETION_MESSAGE && data.clientSecret === clientSecret) toPolling();
    };
    window.addEventListener("message", onMessage);
    const watch = () => {
      if (settled) return;
      const elapsed = Date.now() - started;
      setSecondsLeft(Math.max(0, THREE_DS.countdownSeconds - Math.floor(elapsed / 1000)));
      if (elapsed >= THREE_DS.popupTimeoutMs) {
        settled = true;
        window.removeEventListener("message", onMessage);
        popup.close();
        return finish("timeout", THREE_DS_MESSAGES.timedOut);
      }
      if (popup.closed) return toPolling();
      timers.current.push(setTimeout(watch, 500));
    };
    watch();
  };

  const retriesLeft = THREE_DS.maxRetries - attempts;
  const failedState = state === "incomplete" || state === "failed" || state === "timeout";
  const canRetry =
    (state === "incomplete" || state === "failed" || state === "timeout") &&
    retriesLeft > 0 &&
    message !== THREE_DS_MESSAGES.invalidSession;

  return (
    <dialog
      ref={ref}
      aria-labelledby="three-ds-title"
      onClose={onClose}
      style={{ maxWidth: "28rem", borderRadius: "14px", padding: "1.5rem" }}
    >
      <h2 id="three-ds-title" style={{ marginTop: 0 }}>
        Потвърждение от банката (3-D Secure)
      </h2>
      <div aria-live="polite">
        {state === "initial" ? (
          <p>Банката ви иска да потвърдите плащането в отделен прозорец.</p>
        ) : null}
        {state === "redirecting" ? <p>Отваряме страницата на банката…</p> : null}
        {state === "in_progress" ? (
          <p>
            Потвърдете плащането в отворения прозорец. Остават {Math.floor(secondsLeft / 60)}:
            {String(secondsLeft % 60).padStart(2, "0")} мин.
          </p>
        ) : null}
        {state === "polling" ? <p>Проверяваме плащането…</p> : null}
        {state === "success" ? (
          <p role="status">Плащането е потвърдено. Планът е активен.</p>
        ) : null}
        {message ? (
          <p role="alert" lang="en">
            {message}
          </p>
        ) : null}
        {failedState && retriesLeft <= 0 && message !== THREE_DS_MESSAGES.maxRetries ? (
          <p lang="en">{THREE_DS_MESSAGES.maxRetries}</p>
        ) : null}
      </div>
      <div style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap" }}>
        {state === "initial" ? (
          <Button type="button" onClick={start}>
            Продължи
          </Button>
        ) : null}
        {canRetry ? (
          <Button type="button" onClick={start}>
            Опитай отново (остават {retriesLeft})
          </Button>
        ) : null}
        <Button
          type="button"
          tone="secondary"
          onClick={() => {
            clearTimers();
            onClose();
          }}
        >
          {state === "success" ? "Готово" : "Затвори"}
        </Button>
      </div>
    </dialog>
  );
}

/**
 * The 3-D Secure popup lands here when the customer has answered: it tells the dialog in the
 * window that opened it (postMessage, same origin) and closes itself.
 */
export function usePopupCompletion(params: URLSearchParams) {
  useEffect(() => {
    if (params.get("popup") !== "1" || !window.opener) return;
    (window.opener as Window).postMessage(
      { type: COMPLETION_MESSAGE, clientSecret: params.get("secret") },
      window.location.origin,
    );
    window.close();
  }, [params]);
}
