import { useCallback, useEffect, useState } from "react";
import * as fieldStyles from "~/components/forms/field.css";
import { Combobox } from "~/components/ui/combobox";

/** A supplier of the company's earlier expenses, as GET /api/suppliers answers. */
export interface SupplierOption {
  id: string;
  name: string;
  eik: string | null;
  vatNumber: string | null;
  address: string | null;
}

/** With JavaScript: search the company's suppliers as you type; choosing one fills the fields. */
export function SupplierPicker({ form }: { form: React.RefObject<HTMLFormElement> }) {
  const [items, setItems] = useState<SupplierOption[]>([]);
  const [selected, setSelected] = useState<SupplierOption | null>(null);
  const search = useCallback((q: string) => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/suppliers?q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
        });
        if (response.ok)
          setItems(((await response.json()) as { suppliers: SupplierOption[] }).suppliers);
      } catch {
        // A search that did not answer leaves the list as it was.
      }
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, []);
  const [query, setQuery] = useState("");
  useEffect(() => search(query), [query, search]);
  const fill = (supplier: SupplierOption | null) => {
    setSelected(supplier);
    const element = form.current;
    if (!element || !supplier) return;
    const set = (name: string, value: string | null) => {
      const input = element.elements.namedItem(name) as HTMLInputElement | null;
      if (input) input.value = value ?? "";
    };
    set("supplierId", supplier.id);
    set("supplierName", supplier.name);
    set("supplierEik", supplier.eik);
    set("supplierVatNumber", supplier.vatNumber);
    set("supplierAddress", supplier.address);
  };
  return (
    <div className={fieldStyles.field}>
      <label htmlFor="supplier-search" id="supplier-search-label" className={fieldStyles.label}>
        Предишен доставчик
      </label>
      <Combobox
        items={items}
        itemKey={(s) => s.id}
        itemText={(s) => s.name}
        renderItem={(s) => (
          <>
            {s.name}
            {s.eik ? <span className={fieldStyles.hint}> · ЕИК {s.eik}</span> : null}
          </>
        )}
        matches={() => true}
        selected={selected}
        onSelect={fill}
        onQuery={setQuery}
        inputProps={{ id: "supplier-search", placeholder: "Търсете по име, ЕИК или ДДС номер" }}
        labelId="supplier-search-label"
        empty="Няма такъв доставчик: попълнете полетата по-долу"
      />
    </div>
  );
}
