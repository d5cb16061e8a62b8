import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CenteredCard } from "~/components/layout/centered-card";
import { Button } from "~/components/ui/button";
import { IMPERSONATION_MESSAGES } from "~/modules/admin/impersonation";
import { redeemDirectToken } from "~/modules/admin/impersonation.server";
import { AppError } from "~/utils/errors";
import { customerViewCookies } from "~/web/admin/impersonation.server";

/*
 * /impersonate/direct/{userId}?token=… (spec §2): an admin's one-time link opens the customer's
 * view in any browser. The GET only shows a button, so a mail scanner or a prefetch cannot spend
 * the link; the POST spends it (once, before it expires) and signs this browser in as the
 * customer, marked as the admin who made the link.
 */

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return json(
    { token: TOKEN.test(token) ? token : null, marketingUrl: context.config.marketingUrl },
    { status: TOKEN.test(token) ? 200 : 400 },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  if (!TOKEN.test(token)) {
    return json({ message: IMPERSONATION_MESSAGES.badLink }, { status: 401 });
  }
  try {
    const { sessionToken } = await redeemDirectToken(
      context,
      token,
      params.userId ?? "",
      request.headers.get("User-Agent"),
    );
    return redirect("/dashboard", {
      headers: await customerViewCookies(context, request, sessionToken),
    });
  } catch (error) {
    if (error instanceof AppError) {
      return json({ message: error.message }, { status: error.status });
    }
    throw error;
  }
}

export default function DirectImpersonation() {
  const { token, marketingUrl } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const message = answer?.message ?? (token ? null : IMPERSONATION_MESSAGES.badLink);
  return (
    <CenteredCard title="Клиентски изглед" marketingUrl={marketingUrl}>
      {message ? (
        <>
          <p role="alert">{message}</p>
          <p>
            <Link to="/hatterscastle/login">Вход за администратори</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            Връзката отваря приложението така, както го вижда клиентът, от името на администратора,
            който я е създал. Тя важи веднъж.
          </p>
          <Form method="post">
            <input type="hidden" name="token" value={token ?? ""} />
            <Button type="submit">Отвори клиентския изглед</Button>
          </Form>
        </>
      )}
    </CenteredCard>
  );
}

export const meta: MetaFunction = () => [
  { title: "Клиентски изглед | Сметка" },
  { name: "robots", content: "noindex" },
];
