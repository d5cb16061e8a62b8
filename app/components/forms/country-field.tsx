import type { ComponentType } from "react";
import { hydrateLazily, preload } from "~/components/ui/hydrate-lazily";
import * as serverList from "./country-field-list.server";

/*
 * The country field as forms use it. Its ~250 Bulgarian and English names are not part of the
 * page's first JavaScript: the server renders the field in place (a native select of all the
 * countries, so it works without JavaScript), and the browser keeps that HTML until the field's
 * chunk has arrived, then hydrates it into the searchable list. After a client-side navigation
 * the field appears once the chunk is there.
 */

type Props = { name?: string; error?: string | undefined; defaultValue?: string | undefined };

const load = () => import("./country-field-list");
preload(load);

export const CountryField = hydrateLazily<Props>(
  (serverList as { CountryField?: ComponentType<Props> }).CountryField,
  async () => (await load()).CountryField,
  <div style={{ minHeight: "4.5rem" }} />,
);
