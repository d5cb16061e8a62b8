import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Combobox } from "~/components/ui/combobox";
import {
  COUNTRIES,
  type Country,
  countryByName,
  DEFAULT_COUNTRY,
} from "~/modules/reference/countries";
import * as styles from "./field.css";
import { useFieldFrame } from "./field-frame";

const matches = (country: Country, query: string) =>
  country.nameBg.toLocaleLowerCase("bg").includes(query) ||
  country.nameEn.toLowerCase().includes(query) ||
  country.code.toLowerCase() === query;

/**
 * The country, by its Bulgarian name with its flag (spec §2): a native select of the ~250
 * countries without JavaScript; with it, a searchable list (type «гер» for Германия). The form
 * sends the Bulgarian name either way.
 */
export function CountryField({
  name = "country",
  error,
  defaultValue,
}: {
  name?: string;
  /** The server's message for the field. */
  error?: string | undefined;
  /** The country typed or saved (its Bulgarian name); Bulgaria when none. */
  defaultValue?: string | undefined;
}) {
  const hydrated = useHydrated();
  const initial = countryByName(String(defaultValue ?? DEFAULT_COUNTRY)) ?? null;
  const [selected, setSelected] = useState<Country | null>(initial);
  const { aria, frame, labelId } = useFieldFrame({
    label: "Държава",
    required: true,
    error,
    hint: hydrated ? "Започнете да пишете, за да търсите" : undefined,
  });
  if (!hydrated) {
    return frame(
      <select
        {...aria}
        name={name}
        className={styles.input}
        defaultValue={initial?.nameBg ?? String(defaultValue ?? "")}
      >
        {initial ? null : <option value="">Изберете държава</option>}
        {COUNTRIES.map((country) => (
          <option key={country.code} value={country.nameBg}>
            {`${country.flag} ${country.nameBg}`}
          </option>
        ))}
      </select>,
    );
  }
  return frame(
    <>
      <input type="hidden" name={name} value={selected?.nameBg ?? ""} />
      <Combobox
        items={COUNTRIES}
        itemKey={(country) => country.code}
        itemText={(country) => country.nameBg}
        renderItem={(country) => (
          <>
            <span aria-hidden="true">{country.flag}</span> {country.nameBg}
          </>
        )}
        matches={matches}
        selected={selected}
        onSelect={setSelected}
        inputProps={{ ...aria, placeholder: "България" }}
        labelId={labelId}
      />
    </>,
  );
}
