import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useToast } from "~/components/ui/toaster";
import { NOTICES, noticeToast, PLAN_NAMES } from "~/modules/subscriptions/plans";
import type { Plan } from "~db/types";

const DISABLED_KEY = "smetka:subscription-stream-disabled";
const MAX_FAILURES = 10;
const UPGRADE_PAGES = ["/settings/subscription", "/subscription-success"];
/** Pages that read the plan from their own loader: no status polling there (spec §4, bypass). */
const BYPASS_PAGES = ["/expenses", "/salaries", "/invoice/new", "/invoice/edit", "/analytics"];

interface Update {
  type: "subscription_update";
  /** Absent for a change that is no news (a scheduled downgrade withdrawn): no toast then. */
  eventType?: "upgrade" | "downgrade";
  data: { plan: Plan };
}

/**
 * Live subscription changes for the signed-in customer (spec §4): the event stream with
 * reconnects 1 s → 30 s, a diagnostic call after each error, polling mode after more than 10
 * failures, and status polling (30 s; on upgrade pages 2 s, or 10 s while the stream is up).
 * A change re-runs the loaders, so locks open without a reload.
 */
export function SubscriptionLive({ plan }: { plan: Plan }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const connected = useRef(false);
  const planRef = useRef(plan);
  planRef.current = plan;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (sessionStorage.getItem(DISABLED_KEY)) return;
    let source: EventSource | null = null;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource("/api/subscription/events");
      source.onopen = () => {
        connected.current = true;
        failures = 0;
      };
      source.onmessage = (message) => {
        let event: Update | { type: string };
        try {
          event = JSON.parse(message.data);
        } catch {
          return;
        }
        if (event.type !== "subscription_update") return;
        const update = event as Update;
        if (update.eventType === "upgrade") {
          toast({
            type: "success",
            ...noticeToast(NOTICES.upgradeComplete, `Планът е ${PLAN_NAMES[update.data.plan]}.`),
            durationMs: 5_000,
          });
        } else if (update.eventType === "downgrade") {
          toast({
            type: "info",
            ...noticeToast(
              NOTICES.downgradeScheduled,
              "Планът се променя в края на периода на плащане.",
            ),
            durationMs: 5_000,
          });
        }
        revalidate.current();
      };
      source.onerror = () => {
        connected.current = false;
        source?.close();
        failures += 1;
        void fetch("/api/subscription/events/test").catch(() => {});
        if (failures > MAX_FAILURES) {
          sessionStorage.setItem(DISABLED_KEY, "1");
          toast({
            type: "error",
            title: NOTICES.connectionFailed.en,
            description: NOTICES.connectionFailed.detail,
            lang: "en",
            note: NOTICES.connectionFailed.bg,
            durationMs: 10_000,
          });
          return;
        }
        if (!stopped) timer = setTimeout(open, Math.min(1_000 * 2 ** (failures - 1), 30_000));
      };
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
      connected.current = false;
    };
  }, [toast]);

  const upgradePage = UPGRADE_PAGES.some((p) => pathname.startsWith(p));
  const bypass = BYPASS_PAGES.some((p) => pathname.startsWith(p));
  useEffect(() => {
    if (bypass) return;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const response = await fetch("/api/subscription/status", {
          headers: { Accept: "application/json" },
        });
        if (response.ok) {
          const body = (await response.json()) as { data?: { plan?: Plan } };
          if (body.data?.plan && body.data.plan !== planRef.current) revalidate.current();
        }
      } catch {
        // Offline for a moment: the next poll tries again.
      }
      const every = upgradePage ? (connected.current ? 10_000 : 2_000) : 30_000;
      timer = setTimeout(poll, every);
    };
    timer = setTimeout(poll, upgradePage ? 2_000 : 30_000);
    return () => clearTimeout(timer);
  }, [upgradePage, bypass]);

  return null;
}
