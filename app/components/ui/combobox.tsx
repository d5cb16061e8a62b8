import { lazy, Suspense } from "react";
import * as fieldStyles from "~/components/forms/field.css";
import type { ComboboxProps } from "./combobox-props";

export type { ComboboxProps };

// downshift and the list's code come in their own chunk when a combobox first renders (after
// hydration: forms show a native control before), not with every page that has one.
const ComboboxList = lazy(() => import("./combobox-list"));

/**
 * A searchable list (the ARIA 1.2 combobox pattern, by downshift): type to filter, arrows to move,
 * Enter to choose, Escape to close. For JavaScript only — every form that uses it renders a native
 * control until the page is hydrated; until its code has arrived it is a plain text input.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const { inputProps, selected, itemText, initialQuery = "" } = props;
  return (
    <Suspense
      fallback={
        <input
          {...inputProps}
          className={fieldStyles.input}
          defaultValue={selected ? itemText(selected) : initialQuery}
          autoComplete="off"
          readOnly
        />
      }
    >
      <ComboboxList {...(props as ComboboxProps<unknown>)} />
    </Suspense>
  );
}
