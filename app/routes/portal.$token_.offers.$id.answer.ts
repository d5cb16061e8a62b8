import type { ActionFunctionArgs } from "@remix-run/node";
import { answerOfferInPortal } from "~/web/offers/portal.server";

/**
 * POST /portal/{token}/offers/{id}/answer (issue #48 item 1, decision 077): the client's «Приемам»
 * or «Отказвам» to an offer, without an account: the link's token is the only credential.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return answerOfferInPortal(
    context,
    params.token ?? "",
    params.id ?? "",
    await request.formData(),
  );
}
