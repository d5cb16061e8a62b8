import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import { type ButtonVariants, button } from "./button.css";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants;

/** A native button in the brand style; type defaults to "button" unless given. */
export function Button({ tone, size, className, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={[button({ tone, size }), className].filter(Boolean).join(" ")}
      {...props}
    />
  );
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ tone, size, className, ...props }: LinkProps & ButtonVariants) {
  return (
    <Link className={[button({ tone, size }), className].filter(Boolean).join(" ")} {...props} />
  );
}
