/*
 * Which e-invoice a document makes (issue #42 item 15, docs/decisions/048): a Peppol BIS Billing 3.0
 * document only when both parties have an electronic address from Peppol's EAS code list (a VAT
 * number of a country that has an EAS code: 9926 Bulgaria, 9930 Germany …); otherwise a plain EN
 * 16931 document, which needs no electronic address at all. Peppol refuses an e-mail address
 * (`schemeID="EM"`, PEPPOL-EN16931-CL008), so sales to individuals, exports outside the EU and a
 * seller not registered for VAT are EN 16931 documents. Pure: the page and the writer share it.
 */

/** EN 16931 (BT-24): the core standard, and Peppol BIS Billing 3.0's specialisation of it. */
export const EN16931_CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017";
export const PEPPOL_CUSTOMIZATION_ID =
  "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
/** Peppol's business process (BT-23); a plain EN 16931 document carries none. */
export const PEPPOL_PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** The Peppol rules that only a Peppol document must meet (both electronic addresses). */
export const PEPPOL_ONLY_RULES: readonly string[] = ["PEPPOL-EN16931-R010", "PEPPOL-EN16931-R020"];

export type EInvoiceProfileKind = "peppol" | "en16931";

export interface EInvoiceProfile {
  kind: EInvoiceProfileKind;
  customizationId: string;
  profileId: string | null;
  /** Who has no Peppol address (null for a Peppol document). */
  missing: "supplier" | "client" | "both" | null;
}

/** A party's electronic address as the model gives it (an EAS scheme, or "EM" for an e-mail). */
type Addressed = { endpoint: { scheme: string } | null };

const inPeppol = (party: Addressed) =>
  party.endpoint !== null &&
  party.endpoint.scheme !== "EM" &&
  /^\d{4}$/.test(party.endpoint.scheme);

/** The e-invoice of two parties: Peppol when both have an EAS address, else EN 16931. */
export function eInvoiceProfile(supplier: Addressed, customer: Addressed): EInvoiceProfile {
  const seller = inPeppol(supplier);
  const buyer = inPeppol(customer);
  if (seller && buyer) {
    return {
      kind: "peppol",
      customizationId: PEPPOL_CUSTOMIZATION_ID,
      profileId: PEPPOL_PROFILE_ID,
      missing: null,
    };
  }
  return {
    kind: "en16931",
    customizationId: EN16931_CUSTOMIZATION_ID,
    profileId: null,
    missing: !seller && !buyer ? "both" : seller ? "client" : "supplier",
  };
}

const WHY_NOT_PEPPOL = {
  client: "клиентът няма идентификатор в Peppol",
  supplier: "фирмата няма идентификатор в Peppol",
  both: "нито фирмата, нито клиентът има идентификатор в Peppol",
} as const;

/** What the invoice page says beside the download, in Bulgarian. */
export function eInvoiceProfileLabel(profile: Pick<EInvoiceProfile, "kind" | "missing">): string {
  if (profile.kind === "peppol") return "Е-фактура: Peppol BIS Billing 3.0";
  return `Е-фактура: EN 16931 (без Peppol — ${WHY_NOT_PEPPOL[profile.missing ?? "both"]})`;
}
