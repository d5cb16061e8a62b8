import { Text as PdfText } from "@react-pdf/renderer";
import type { ComponentProps } from "react";

/*
 * Lines break at spaces only. react-pdf splits a word where its font changes («София,»: the
 * letters are in the Cyrillic font, the comma in the Latin one) and may break the line there with
 * a hyphen drawn in the first font — which the Cyrillic subset lacks: a box («1680 София□»).
 * A hyphenation penalty of 10,000 (textkit's «infinity») forbids those breaks.
 */
const NEVER = 10_000;

/** react-pdf's Text that never breaks a word. */
export function Text(props: ComponentProps<typeof PdfText>) {
  return <PdfText hyphenationPenalty={NEVER} {...props} />;
}
