import { COUNTRIES } from "~/modules/accounts/countries";
import { TextField } from "./field";

/** The country by Bulgarian name: type to search the ~250 names (a native datalist, no JS needed). */
export function CountryField({ name = "country" }: { name?: string }) {
  return (
    <>
      <TextField
        name={name}
        label="Държава"
        required
        list="country-list"
        autoComplete="off"
        hint="Започнете да пишете, за да търсите"
      />
      <datalist id="country-list">
        {COUNTRIES.map((country) => (
          <option
            key={country.code}
            value={country.nameBg}
            label={`${country.flag} ${country.nameEn}`}
          />
        ))}
      </datalist>
    </>
  );
}
