import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { OfferForm } from "~/components/offers/offer-form";
import { lineCount, OFFER_FORM } from "~/modules/offers/constants";
import { newOfferValues, offerFormOptions } from "~/modules/offers/form.server";
import { useFormAnswer } from "~/utils/forms";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { submitOfferForm } from "~/web/offers/form-answer.server";

/** /offer/new (issue #48 item 1, decision 077): a new offer, numbered when saved. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const clientId = new URL(request.url).searchParams.get("client") ?? "";
  const options = await offerFormOptions(context.db, user.companyId);
  return json({ options, values: newOfferValues(clientId.slice(0, 40)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  return submitOfferForm(context, user, await request.formData());
}

export default function NewOffer() {
  const { options, values } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(OFFER_FORM);
  return (
    <div className={page.page}>
      <p>
        <Link to="/offers">« Оферти</Link>
      </p>
      <h1>Нова оферта</h1>
      {options.clients.length === 0 ? (
        <p role="note">
          За да направите оферта, първо <Link to="/client/new">добавете клиент</Link>.
        </p>
      ) : null}
      <OfferForm
        values={values}
        rows={lineCount(answer?.repopulateFields ?? values)}
        answer={answer}
        options={options}
        submitLabel="Създай офертата"
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нова оферта | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
