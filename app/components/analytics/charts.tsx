import type { ComponentProps, ComponentType } from "react";
import { hydrateLazily, preload } from "~/components/ui/hydrate-lazily";
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
type Name = "GroupedBars" | "StackedBars" | "LineChart";
const load = () => import("./charts-svg");
preload(load);

function chart<Props extends object>(name: Name) {
  return hydrateLazily<Props>(
    (serverCharts as Partial<Charts>)[name] as ComponentType<Props> | undefined,
    async () => (await load())[name] as unknown as ComponentType<Props>,
    <div style={{ aspectRatio: "720 / 300", maxWidth: 720 }} />,
  );
}

export const GroupedBars = chart<ComponentProps<Charts["GroupedBars"]>>("GroupedBars");
export const StackedBars = chart<ComponentProps<Charts["StackedBars"]>>("StackedBars");
export const LineChart = chart<ComponentProps<Charts["LineChart"]>>("LineChart");
