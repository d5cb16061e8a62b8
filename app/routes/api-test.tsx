import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { PublicLayout } from "~/components/layout/public-layout";
import { Button } from "~/components/ui/button";
import { checkHealth } from "~/modules/health/health.server";
import * as styles from "./api-test.css";

export async function loader({ context }: LoaderFunctionArgs) {
  const started = performance.now();
  const { health, httpStatus } = await checkHealth(context.db);
  return json(
    {
      health,
      responseMs: Math.round(performance.now() - started),
      checkedAt: new Date().toISOString(),
      databaseKind: context.config.databaseKind,
    },
    { status: httpStatus, headers: { "Cache-Control": "no-store" } },
  );
}

export default function ApiTest() {
  const { health, responseMs, checkedAt, databaseKind } = useLoaderData<typeof loader>();
  const checking = useNavigation().state === "loading";
  const ok = health.status === "ok";
  const checkedTime = new Intl.DateTimeFormat("bg-BG", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "Europe/Sofia",
  }).format(new Date(checkedAt));

  return (
    <PublicLayout>
      <section className={styles.page} aria-labelledby="api-test-title">
        <h1 id="api-test-title">Проверка на API</h1>
        <p role="status" className={ok ? styles.ok : styles.error}>
          {ok ? "API работи нормално." : "API има проблем: базата данни не отговаря."}
        </p>
        <dl className={styles.list}>
          <dt>Състояние на API</dt>
          <dd>{ok ? "Работи" : "Грешка"}</dd>
          <dt>База данни</dt>
          <dd>
            {health.db === "ok" ? "Достъпна" : "Недостъпна"} (
            {databaseKind === "pglite" ? "вградена PGlite" : "PostgreSQL"})
          </dd>
          <dt>Време за отговор</dt>
          <dd>{responseMs} ms</dd>
          <dt>Проверено</dt>
          <dd>
            <time dateTime={checkedAt}>{checkedTime}</time>
          </dd>
        </dl>
        <div className={styles.actions}>
          <Form method="get">
            <Button type="submit" disabled={checking}>
              {checking ? "Проверява се..." : "Провери отново"}
            </Button>
          </Form>
          <a href="/api/health">Отговор на /api/health (JSON)</a>
        </div>
      </section>
    </PublicLayout>
  );
}

export const meta: MetaFunction = () => [{ title: "Проверка на API | Сметка" }];
