import { useCombobox } from "downshift";
import { type InputHTMLAttributes, type ReactNode, useMemo, useState } from "react";
import * as fieldStyles from "~/components/forms/field.css";
import * as styles from "./combobox.css";

/**
 * A searchable list (the ARIA 1.2 combobox pattern, by downshift): type to filter, arrows to move,
 * Enter to choose, Escape to close. For JavaScript only — every form that uses it renders a native
 * control until the page is hydrated.
 */
export function Combobox<T>({
  items,
  itemKey,
  itemText,
  renderItem,
  matches,
  selected,
  onSelect,
  inputProps,
  labelId,
  empty = "Няма съвпадения",
  onQuery,
  initialQuery = "",
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** What the input shows once an item is chosen. */
  itemText: (item: T) => string;
  renderItem?: (item: T) => ReactNode;
  /** Whether an item matches what is typed (lower-cased, trimmed). */
  matches: (item: T, query: string) => boolean;
  selected: T | null;
  onSelect: (item: T | null) => void;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  labelId: string;
  empty?: string;
  /** Told what is typed, for lists searched on the server (then `matches` can accept all). */
  onQuery?: (query: string) => void;
  /** What the input holds at first when nothing is chosen (a free text such as a line's description). */
  initialQuery?: string;
}) {
  const [query, setQuery] = useState(selected ? itemText(selected) : initialQuery);
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase("bg");
    if (!q || (selected && query === itemText(selected))) return items.slice(0, 300);
    return items.filter((item) => matches(item, q)).slice(0, 300);
  }, [items, query, selected, itemText, matches]);
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps } = useCombobox({
    items: shown as T[],
    inputId: inputProps.id,
    labelId,
    menuId: `${inputProps.id}-list`,
    inputValue: query,
    selectedItem: selected,
    itemToString: (item) => (item ? itemText(item) : ""),
    onInputValueChange: ({ inputValue }) => {
      setQuery(inputValue ?? "");
      onQuery?.(inputValue ?? "");
    },
    onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
  });
  return (
    <div className={styles.root}>
      <input
        {...getInputProps({ ...inputProps, className: fieldStyles.input, autoComplete: "off" })}
      />
      <ul {...getMenuProps()} className={styles.menu}>
        {isOpen
          ? shown.map((item, index) => (
              <li
                key={itemKey(item)}
                className={`${styles.option} ${highlightedIndex === index ? styles.active : ""}`}
                {...getItemProps({ item, index })}
              >
                {renderItem ? renderItem(item) : itemText(item)}
              </li>
            ))
          : null}
      </ul>
      {isOpen && shown.length === 0 ? (
        <p className={styles.empty} role="status">
          {empty}
        </p>
      ) : null}
    </div>
  );
}
