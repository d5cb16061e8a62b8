import { Form, isRouteErrorResponse, useRouteLoaderData } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";

interface Offer {
  otherCompany: { id: string; name: string };
  what: string;
  path: string;
}

/** The offer in a thrown answer (409 {otherCompany, what, path}), or null. */
export function otherCompanyOfferOf(error: unknown): Offer | null {
  if (!isRouteErrorResponse(error) || error.status !== 409) return null;
  const data = error.data as Partial<Offer> | null;
  return data?.otherCompany && data.path && data.what ? (data as Offer) : null;
}

/**
 * A record of another of the login's companies, opened from a link (issue #41 item 1): which
 * company it is in, and a native form that switches there and opens it.
 */
export function OtherCompanyOffer({ offer }: { offer: Offer }) {
  const layout = useRouteLoaderData("routes/_app") as
    | { company?: { name: string } | null }
    | undefined;
  const current = layout?.company?.name;
  return (
    <section className={page.page} aria-labelledby="other-company-title">
      <h1 id="other-company-title">
        {offer.what} е на фирма „{offer.otherCompany.name}“
      </h1>
      <p>
        {current ? `Сега работите във фирма „${current}“. ` : ""}Превключете, за да го отворите.
      </p>
      <Form method="post" action="/switch-company">
        <CompanyField />
        <input type="hidden" name="companyId" value={offer.otherCompany.id} />
        <input type="hidden" name="redirectTo" value={offer.path} />
        <Button type="submit">Превключи към „{offer.otherCompany.name}“</Button>{" "}
        <a href="/dashboard">{current ? `Остани във фирма „${current}“` : "Към таблото"}</a>
      </Form>
    </section>
  );
}
