import { type ComponentType, lazy, Suspense } from "react";
import * as serverList from "./country-field-list.server";

/*
 * The country field as forms use it. Its ~250 Bulgarian and English names are not part of the
 * page's first JavaScript: the server renders the field in place (a native select of all the
 * countries, so it works without JavaScript), and the browser keeps that HTML until the field's
 * chunk has arrived, then hydrates it into the searchable list. After a client-side navigation
 * the field appears once the chunk is there.
 */

type Props = { name?: string };

const Eager = (serverList as { CountryField?: ComponentType<Props> }).CountryField;
const load = () => import("./country-field-list");
// Asked for as soon as a page with the field is loaded (beside its data), not when it first renders.
if (typeof document !== "undefined") void load();
const Lazy = lazy(async () => ({ default: (await load()).CountryField }));
const Impl = Eager ?? Lazy;

export function CountryField(props: Props) {
  return (
    <Suspense fallback={<div style={{ minHeight: "4.5rem" }} />}>
      <Impl {...props} />
    </Suspense>
  );
}
