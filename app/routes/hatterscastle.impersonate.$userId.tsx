import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import {
  createDirectToken,
  DIRECT_TOKEN_MINUTES,
  impersonationTarget,
} from "~/modules/admin/impersonation.server";
import { AppError } from "~/utils/errors";
import { refuseUnknownIntent } from "~/utils/forms.server";
import { isUuid } from "~/utils/uuid";
import { requireAdmin } from "~/web/admin/guard.server";
import { startImpersonation } from "~/web/admin/impersonation.server";

/*
 * /hatterscastle/impersonate/{userId} (spec §2): "view as customer". Opening the view is a POST
 * (a link scanner or prefetch must never sign anyone in); so is making a one-time link for
 * another browser.
 */

async function targetOf(
  params: LoaderFunctionArgs["params"],
  context: LoaderFunctionArgs["context"],
  companyId: string | null,
) {
  const id = params.userId;
  const target = isUuid(id) ? await impersonationTarget(context.db, id, companyId) : null;
  if (target?.role !== "user") {
    throw json({ message: "Потребителят не е намерен" }, { status: 404 });
  }
  return target;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  // The member's view in one company: the one the customer's page chose, else their own.
  const target = await targetOf(params, context, new URL(request.url).searchParams.get("company"));
  return json({
    target: {
      id: target.id,
      companyId: target.companyId,
      email: target.email,
      name: `${target.firstName} ${target.lastName}`,
      companyName: target.companyName,
      allowed: target.allowed,
      locked: target.lockedAt !== null,
    },
    minutes: DIRECT_TOKEN_MINUTES,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  // An unknown login is 404 before the body is read; the form may name the member's company.
  let target = await targetOf(params, context, null);
  const form = await request.formData();
  const company = form.get("companyId");
  if (typeof company === "string" && company) target = await targetOf(params, context, company);
  const intent = form.get("intent");
  try {
    if (intent === "open") {
      const headers = await startImpersonation(
        context,
        request,
        admin,
        target.id,
        target.companyId,
      );
      return redirect("/dashboard", { headers });
    }
    if (intent === "link") {
      const token = await createDirectToken(context, admin, target.id);
      const link = `${context.config.appUrl}/impersonate/direct/${target.id}?${new URLSearchParams({ token })}`;
      return json({ link, message: null });
    }
  } catch (error) {
    if (error instanceof AppError) {
      return json({ link: null, message: error.message }, { status: error.status });
    }
    throw error;
  }
  return refuseUnknownIntent();
}

export default function Impersonate() {
  const { target, minutes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The one-time link, or the message: of a refused opening or of an unknown intent.
  const link = answer && "message" in answer ? answer.link : null;
  const message = answer && "message" in answer ? answer.message : answer?.formError;
  return (
    <div className={page.page}>
      <h1>Виж като клиент</h1>
      <section className={page.card} aria-labelledby="who">
        <h2 id="who" className={page.cardTitle}>
          {target.name}
        </h2>
        <p>
          {target.email}
          {target.companyName ? ` · ${target.companyName}` : ""}
        </p>
        {target.allowed ? (
          <>
            <p>
              Ще видите приложението така, както го вижда клиентът. Паролата, имейлът, изтриването
              на профила и плащанията не могат да се променят в този изглед. Всяка страница и всяко
              действие се записват в дневника с вашето име.
            </p>
            <Form method="post">
              {target.companyId ? (
                <input type="hidden" name="companyId" value={target.companyId} />
              ) : null}
              <Button type="submit" name="intent" value="open">
                Отвори клиентския изглед
              </Button>
            </Form>
          </>
        ) : (
          <p role="alert">
            {target.locked
              ? "Профилът е блокиран: отключете го, за да видите приложението като клиента."
              : "Този профил не може да бъде разгледан като клиент."}
          </p>
        )}
        {message ? <p role="alert">{message}</p> : null}
      </section>
      {target.allowed ? (
        <section className={page.card} aria-labelledby="link-title">
          <h2 id="link-title" className={page.cardTitle}>
            Еднократна връзка
          </h2>
          <p>
            За друг браузър или частен прозорец: връзката отваря клиентския изглед веднъж и важи{" "}
            {minutes} минути. Работи само от ваше име.
          </p>
          <Form method="post">
            <Button type="submit" name="intent" value="link" tone="secondary">
              Създай еднократна връзка
            </Button>
          </Form>
          {link ? (
            <p role="status">
              <label htmlFor="direct-link">Връзка (важи {minutes} минути):</label>{" "}
              <input id="direct-link" readOnly value={link} size={60} />
            </p>
          ) : null}
        </section>
      ) : null}
      <p>
        <Link to={`/hatterscastle/users/${target.id}`}>Назад към потребителя</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Виж като клиент | Админ | Сметка" }];
