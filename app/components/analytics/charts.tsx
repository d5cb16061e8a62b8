import { type ComponentProps, type ComponentType, lazy, Suspense } from "react";
import type * as Svg from "./charts-svg";
import * as serverCharts from "./charts-svg.server";

/*
 * The charts as pages use them. The server renders them in place (charts-svg, with visx), so they
 * are in the first HTML with JavaScript off and print. The browser does not load visx with the
 * page: each chart's boundary keeps the server's SVG until the charts' chunk has arrived, then
 * hydrates it (pointer and ← → readouts). After a client-side navigation a chart appears once the
 * chunk is there, in a box of the chart's height.
 */

export type { Series, Unit } from "./charts-svg";

type Charts = typeof Svg;
const load = () => import("./charts-svg");
// In the browser the chunk is asked for as soon as a page with charts is loaded, beside its data,
// so after a client-side navigation the charts come with the page rather than after it.
if (typeof document !== "undefined") void load();

function chart<Props extends object>(name: "GroupedBars" | "StackedBars" | "LineChart") {
  const Eager = (serverCharts as Partial<Charts>)[name] as ComponentType<Props> | undefined;
  const Lazy = lazy(async () => ({
    default: (await load())[name] as unknown as ComponentType<Props>,
  }));
  const Impl = (Eager ?? Lazy) as ComponentType<Props>;
  return function Chart(props: Props) {
    return (
      <Suspense fallback={<div style={{ aspectRatio: "720 / 300", maxWidth: 720 }} />}>
        <Impl {...props} />
      </Suspense>
    );
  };
}

export const GroupedBars = chart<ComponentProps<Charts["GroupedBars"]>>("GroupedBars");
export const StackedBars = chart<ComponentProps<Charts["StackedBars"]>>("StackedBars");
export const LineChart = chart<ComponentProps<Charts["LineChart"]>>("LineChart");
