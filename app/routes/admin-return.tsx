import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithToast } from "~/utils/toast.server";
import { isUuid } from "~/utils/uuid";
import { endImpersonation } from "~/web/admin/impersonation.server";

/*
 * /admin-return (spec §2, §4): the end of "view as customer". It ends the customer session the
 * admin opened and brings the admin's own session back, then shows the customer's page in the
 * back office. GET with id and username (the spec's way, after the banner's script) and POST (the
 * banner's form without JavaScript) do the same.
 */
async function returnToAdmin(
  request: Request,
  context: LoaderFunctionArgs["context"],
  id: unknown,
) {
  const customerId = typeof id === "string" && isUuid(id) ? id : null;
  const { to, headers } = await endImpersonation(context, request, customerId);
  return redirectWithToast(
    to,
    to === "/hatterscastle/login"
      ? {
          type: "info",
          title: "Клиентският изглед е затворен",
          description: "Влезте отново като администратор.",
        }
      : { type: "success", title: "Върнахте се в администрацията" },
    { headers },
  );
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return returnToAdmin(request, context, new URL(request.url).searchParams.get("id"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return returnToAdmin(request, context, form.get("id"));
}
