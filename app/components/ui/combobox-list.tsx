import { useCombobox } from "downshift";
import { useMemo, useState } from "react";
import * as fieldStyles from "~/components/forms/field.css";
import * as styles from "./combobox.css";
import type { ComboboxProps } from "./combobox-props";

/**
 * A searchable list (the ARIA 1.2 combobox pattern, by downshift): type to filter, arrows to move,
 * Enter to choose, Escape to close. For JavaScript only — every form that uses it renders a native
 * control until the page is hydrated.
 */
export default function ComboboxList<T>({
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
}: ComboboxProps<T>) {
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
