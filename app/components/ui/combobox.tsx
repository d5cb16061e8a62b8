import {
  type InputHTMLAttributes,
  lazy,
  type MutableRefObject,
  Suspense,
  useLayoutEffect,
  useRef,
} from "react";
import * as fieldStyles from "~/components/forms/field.css";
import type { ComboboxProps } from "./combobox-props";

export type { ComboboxProps };

// downshift and the list's code come in their own chunk when a combobox first renders (after
// hydration: forms show a native control before), not with every page that has one.
const ComboboxList = lazy(() => import("./combobox-list"));

/**
 * A searchable list (the ARIA 1.2 combobox pattern, by downshift): type to filter, arrows to move,
 * Enter to choose, Escape to close. For JavaScript only — every form that uses it renders a native
 * control until the page is hydrated; until its code has arrived it is a plain text input. When
 * that input holds the focus as the code arrives (a refused form focuses its first invalid field
 * once hydrated), the list's own input takes the focus over instead of leaving it on <body>.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const { inputProps, selected, itemText, initialQuery = "" } = props;
  const hadFocus = useRef(false);
  return (
    <Suspense
      fallback={
        <PlainInput
          {...inputProps}
          hadFocus={hadFocus}
          className={fieldStyles.input}
          defaultValue={selected ? itemText(selected) : initialQuery}
          autoComplete="off"
          readOnly
        />
      }
    >
      <ComboboxList {...(props as ComboboxProps<unknown>)} />
      <TakeFocus id={inputProps.id} hadFocus={hadFocus} />
    </Suspense>
  );
}

/** The input shown until the list's code arrives; notes whether it held the focus as it went. */
function PlainInput({
  hadFocus,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { hadFocus: MutableRefObject<boolean> }) {
  const input = useRef<HTMLInputElement>(null);
  // React runs this cleanup before it takes the element out of the page.
  useLayoutEffect(
    () => () => {
      hadFocus.current = input.current !== null && document.activeElement === input.current;
    },
    [hadFocus],
  );
  return <input ref={input} {...props} />;
}

/** Mounted with the list: gives its input the focus the plain input had. */
function TakeFocus({ id, hadFocus }: { id: string; hadFocus: MutableRefObject<boolean> }) {
  useLayoutEffect(() => {
    if (!hadFocus.current) return;
    hadFocus.current = false;
    document.getElementById(id)?.focus();
  }, [id, hadFocus]);
  return null;
}
