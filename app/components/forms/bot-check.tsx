import { useEffect, useId, useRef } from "react";
import * as styles from "./field.css";
import { FieldError } from "./field-frame";

declare global {
  interface Window {
    grecaptcha?: {
      render: (el: HTMLElement, options: Record<string, unknown>) => number;
      reset: (id?: number) => void;
    };
    onSmetkaRecaptchaLoad?: () => void;
  }
}

/**
 * The bot check. Locally: a native «Не съм робот» checkbox, a signed token and a honeypot.
 * With a reCAPTCHA site key: Google's widget, which fills the same recaptchaToken field. Its
 * message (`error`) is the server's answer for recaptchaToken.
 */
export function BotCheck({
  siteKey,
  token,
  error,
  onPassedChange,
}: {
  siteKey: string;
  token: string | null;
  error?: string | undefined;
  onPassedChange?: (passed: boolean) => void;
}) {
  const id = useId();
  const widget = useRef<HTMLDivElement>(null);
  const tokenInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (siteKey === "local" || !widget.current) return;
    const render = () => {
      if (!widget.current || !window.grecaptcha) return;
      widget.current.textContent = "";
      window.grecaptcha.render(widget.current, {
        sitekey: siteKey,
        callback: (response: string) => {
          if (tokenInput.current) tokenInput.current.value = response;
          onPassedChange?.(true);
        },
        "expired-callback": () => onPassedChange?.(false),
      });
    };
    if (window.grecaptcha) return render();
    window.onSmetkaRecaptchaLoad = render;
    const script = document.createElement("script");
    script.src =
      "https://www.google.com/recaptcha/api.js?onload=onSmetkaRecaptchaLoad&render=explicit&hl=bg";
    script.async = true;
    document.head.appendChild(script);
  }, [siteKey, onPassedChange]);

  return (
    <div className={styles.field}>
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={`${id}-website`}>Не попълвайте това поле</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {siteKey === "local" ? (
        <div className={styles.botBox}>
          <input type="hidden" name="recaptchaToken" value={token ?? ""} />
          <input
            id={id}
            type="checkbox"
            name="notRobot"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onPassedChange?.(event.currentTarget.checked)}
          />
          <label htmlFor={id}>Не съм робот</label>
        </div>
      ) : (
        <>
          <input ref={tokenInput} type="hidden" name="recaptchaToken" />
          <div ref={widget}>Loading reCAPTCHA...</div>
        </>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
