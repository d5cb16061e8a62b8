import type { InputHTMLAttributes, ReactNode } from "react";

/** What a combobox takes: its own module, so the lazily loaded list and its wrapper share it without a circle. */
export interface ComboboxProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** What the input shows once an item is chosen. */
  itemText: (item: T) => string;
  renderItem?: (item: T) => ReactNode;
  /** Whether an item matches what is typed (lower-cased, trimmed). */
  matches: (item: T, query: string) => boolean;
  selected: T | null;
  onSelect: (item: T | null) => void;
  /** `data-field`: the form field the box stands for (a hidden input holds its value). */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; "data-field"?: string };
  labelId: string;
  empty?: string;
  /** Told what is typed, for lists searched on the server (then `matches` can accept all). */
  onQuery?: (query: string) => void;
  /** What the input holds at first when nothing is chosen (a free text such as a line's description). */
  initialQuery?: string;
}
