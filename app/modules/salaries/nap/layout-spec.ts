/*
 * A field of НАП's declaration files (layout.ts for обр. 1, layout-form6.ts for обр. 6): its item,
 * kind and how sure we are of it, and how the file writes it.
 */

export type FieldKind = "int" | "amount" | "rate" | "text";
export type Confidence = "CONFIRMED" | "LIKELY" | "UNCONFIRMED";

export interface FieldSpec<T> {
  /** The form's item («т. 21») or «—» for a field with no item known. */
  item: string;
  label: string;
  kind: FieldKind;
  confidence: Confidence;
  value: (record: T) => string | number;
}

/** A field as the file writes it: text quoted, numbers bare. */
export function written<T>(spec: FieldSpec<T>, record: T): string {
  const value = String(spec.value(record));
  return spec.kind === "text" ? `"${value}"` : value;
}
