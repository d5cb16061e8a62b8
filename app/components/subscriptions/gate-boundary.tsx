import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorMessage } from "~/components/error-boundary";
import { AccessDenied, accessDeniedOf } from "~/components/layout/access-denied";
import * as page from "~/components/layout/page.css";
import { OtherCompanyOffer, otherCompanyOfferOf } from "~/components/team/other-company-offer";
import { PlanGate } from "./plan-gate";

/**
 * The ErrorBoundary of a gated module's routes: the plan gate when requireFeature refused
 * (403 with {locked, needed}); a role's refusal with its reason (403 with {accessDenied}); the
 * error's message, inside the signed-in shell, for anything else.
 */
export function GateBoundary() {
  const error = useRouteError();
  if (
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    (error.data?.needed === "standard" || error.data?.needed === "full")
  ) {
    return (
      <div className={page.page}>
        <PlanGate needed={error.data.needed} />
      </div>
    );
  }
  // A record of another of the login's companies: switch there (issue #41 item 1).
  const offer = otherCompanyOfferOf(error);
  if (offer) return <OtherCompanyOffer offer={offer} />;
  // A page the role cannot open says why (issue #41 item 14).
  const denied = isRouteErrorResponse(error) && error.status === 403 ? accessDeniedOf(error) : null;
  if (denied) return <AccessDenied details={denied} />;
  return <ErrorMessage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
