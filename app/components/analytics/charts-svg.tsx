import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { PatternLines } from "@visx/pattern";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import { formatCents, formatMoney } from "~/utils/money";

/*
 * The analytics charts: SVG drawn by React with visx on the server, so they appear with JavaScript
 * off and print. Each is an image with a title and a description that points to the table of its
 * numbers; with JavaScript, hovering a month or moving through them with ← → (the chart takes
 * focus) reads the month's figures out in a live region. Colours have at least 3:1 contrast on
 * white and never carry meaning alone: the series differ in pattern too, and the legend names them.
 */

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 84 };
const INNER_W = WIDTH - MARGIN.left - MARGIN.right;
const INNER_H = HEIGHT - MARGIN.top - MARGIN.bottom;

/** Colours with ≥ 3:1 contrast on white (WCAG 1.4.11), in the order series take them. */
export const PALETTE = [
  "#1d4ed8",
  "#b45309",
  "#047857",
  "#7c3aed",
  "#be123c",
  "#0f766e",
  "#4d7c0f",
  "#a21caf",
];

export interface Series {
  name: string;
  values: number[];
}

/** Whole euros for the axis: "12 345 EUR". */
export function euroWhole(cents: number): string {
  return `${formatCents(Math.round(cents / 100) * 100).replace(/,00$/, "")}\u00a0EUR`;
}
const euro = (cents: number) => formatMoney(cents, "EUR");

/** Series 0, 2, 4… are solid; 1, 3, 5… are hatched, so neighbours differ without colour. */
function fillOf(prefix: string, index: number) {
  return index % 2 === 1 ? `url(#${prefix}-p${index})` : PALETTE[index % PALETTE.length];
}

function Patterns({ prefix, count }: { prefix: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, i) =>
        i % 2 === 1 ? (
          <PatternLines
            // biome-ignore lint/suspicious/noArrayIndexKey: a pattern belongs to a position
            key={`${prefix}-p${i}`}
            id={`${prefix}-p${i}`}
            height={6}
            width={6}
            stroke={PALETTE[i % PALETTE.length]}
            strokeWidth={2.5}
            background="#ffffff"
            orientation={["diagonal"]}
          />
        ) : null,
      )}
    </defs>
  );
}

function Legend({ prefix, names }: { prefix: string; names: string[] }) {
  return (
    <ul
      aria-hidden="true"
      style={{
        display: "flex",
        flexWrap: "wrap",
        gap: "0.25rem 1rem",
        listStyle: "none",
        padding: 0,
        margin: "0.5rem 0 0",
      }}
    >
      {names.map((name, i) => (
        <li key={name} style={{ display: "flex", alignItems: "center", gap: "0.375rem" }}>
          <svg width="16" height="16" aria-hidden="true">
            <Patterns prefix={`${prefix}-l${i}`} count={i + 1} />
            <rect
              width="16"
              height="16"
              fill={fillOf(`${prefix}-l${i}`, i)}
              stroke={PALETTE[i % PALETTE.length]}
            />
          </svg>
          {name}
        </li>
      ))}
    </ul>
  );
}

/** The month under the pointer or the keyboard, once JavaScript runs. */
function useActive(count: number) {
  const [interactive, setInteractive] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  useEffect(() => setInteractive(true), []);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (event.key === "Home") setActive(0);
    else if (event.key === "End") setActive(count - 1);
    else if (step)
      setActive((a) => Math.min(count - 1, Math.max(0, (a ?? (step > 0 ? -1 : count)) + step)));
    else return;
    event.preventDefault();
  };
  return { interactive, active, setActive, onKeyDown };
}

function ChartFrame(props: {
  title: string;
  description: string;
  labels: string[];
  readout: (index: number) => string;
  legend?: ReactNode;
  children: (draw: { x: (i: number) => number; band: number; active: number | null }) => ReactNode;
}) {
  const id = useId();
  const { interactive, active, setActive, onKeyDown } = useActive(props.labels.length);
  const x = scaleBand<number>({
    domain: props.labels.map((_, i) => i),
    range: [0, INNER_W],
    padding: 0.2,
  });
  const every = Math.ceil(props.labels.length / 12);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        tabIndex={interactive ? 0 : undefined}
        onKeyDown={interactive ? onKeyDown : undefined}
        onMouseLeave={() => setActive(null)}
        style={{ maxWidth: WIDTH, display: "block", overflow: "visible" }}
      >
        <title id={`${id}-t`}>{props.title}</title>
        <desc id={`${id}-d`}>{props.description}</desc>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {props.children({ x: (i) => x(i) ?? 0, band: x.bandwidth(), active })}
          <AxisBottom
            top={INNER_H}
            scale={x}
            tickFormat={(i) => (i % every === 0 ? (props.labels[i] ?? "") : "")}
            stroke="#4a5551"
            tickStroke="#4a5551"
            tickLabelProps={{
              fill: "#1b1f1d",
              fontSize: 11,
              fontFamily: "inherit",
              textAnchor: "middle",
            }}
          />
          {active !== null ? (
            <rect
              x={(x(active) ?? 0) - 3}
              y={0}
              width={x.bandwidth() + 6}
              height={INNER_H}
              fill="none"
              stroke="#1b1f1d"
              strokeWidth={1.5}
              strokeDasharray="4 3"
            />
          ) : null}
          {props.labels.map((label, i) => (
            <rect
              key={label}
              x={(x(i) ?? 0) - (x.step() - x.bandwidth()) / 2}
              y={0}
              width={x.step()}
              height={INNER_H}
              fill="transparent"
              onMouseEnter={() => setActive(i)}
            />
          ))}
        </Group>
      </svg>
      {props.legend}
      {interactive ? (
        <p aria-live="polite" style={{ margin: "0.5rem 0 0", minHeight: "1.5em" }}>
          {active !== null
            ? props.readout(active)
            : "Посочете стълб с мишката или изберете графиката и ползвайте ← →, за да видите числата."}
        </p>
      ) : null}
    </figure>
  );
}

function yScale(values: number[], unit: Unit = "euro") {
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  return scaleLinear<number>({
    domain: [min, max === min ? min + (unit === "count" ? 1 : 100) : max],
    range: [INNER_H, 0],
    nice: true,
  });
}

/** How a value reads: euro cents, or a plain count. */
export type Unit = "euro" | "count";
const formatValue = (unit: Unit, v: number) => (unit === "count" ? String(v) : euro(v));

function YAxis({ scale, unit = "euro" }: { scale: ReturnType<typeof yScale>; unit?: Unit }) {
  return (
    <>
      <AxisLeft
        scale={scale}
        numTicks={5}
        tickFormat={(v) =>
          unit === "count" ? (Number.isInteger(Number(v)) ? String(v) : "") : euroWhole(Number(v))
        }
        stroke="#4a5551"
        tickStroke="#4a5551"
        tickLabelProps={{
          fill: "#1b1f1d",
          fontSize: 11,
          fontFamily: "inherit",
          textAnchor: "end",
          dx: -4,
          dy: 4,
        }}
      />
      <line x1={0} x2={INNER_W} y1={scale(0)} y2={scale(0)} stroke="#4a5551" />
    </>
  );
}

/** Bars side by side per month (e.g. revenue, costs, profit); negative values go below zero. */
export function GroupedBars(props: {
  title: string;
  description: string;
  labels: string[];
  series: Series[];
  /** Euro cents (default) or counts. */
  unit?: Unit;
}) {
  const prefix = useId().replace(/:/g, "");
  const unit = props.unit ?? "euro";
  const y = yScale(
    props.series.flatMap((s) => s.values),
    unit,
  );
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      labels={props.labels}
      readout={(i) =>
        `${props.labels[i]}: ${props.series.map((s) => `${s.name.toLowerCase()} ${formatValue(unit, s.values[i] ?? 0)}`).join(", ")}`
      }
      legend={<Legend prefix={prefix} names={props.series.map((s) => s.name)} />}
    >
      {({ x, band }) => {
        const width = band / props.series.length;
        return (
          <>
            <Patterns prefix={prefix} count={props.series.length} />
            <YAxis scale={y} unit={unit} />
            {props.labels.map((label, i) =>
              props.series.map((s, k) => {
                const value = s.values[i] ?? 0;
                return (
                  <Bar
                    key={`${label}-${s.name}`}
                    x={x(i) + k * width}
                    y={Math.min(y(value), y(0))}
                    width={Math.max(width - 1, 1)}
                    height={Math.abs(y(value) - y(0))}
                    fill={fillOf(prefix, k)}
                    stroke={PALETTE[k % PALETTE.length]}
                  />
                );
              }),
            )}
          </>
        );
      }}
    </ChartFrame>
  );
}

/** One stacked bar per month, a segment per series (e.g. expense categories). */
export function StackedBars(props: {
  title: string;
  description: string;
  labels: string[];
  series: Series[];
}) {
  const prefix = useId().replace(/:/g, "");
  const totals = props.labels.map((_, i) =>
    props.series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0),
  );
  const y = yScale(totals);
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      labels={props.labels}
      readout={(i) =>
        `${props.labels[i]}: общо ${euro(totals[i] ?? 0)}${props.series
          .filter((s) => (s.values[i] ?? 0) !== 0)
          .map((s) => `; ${s.name} ${euro(s.values[i] ?? 0)}`)
          .join("")}`
      }
      legend={<Legend prefix={prefix} names={props.series.map((s) => s.name)} />}
    >
      {({ x, band }) => (
        <>
          <Patterns prefix={prefix} count={props.series.length} />
          <YAxis scale={y} />
          {props.labels.map((label, i) => {
            let base = 0;
            return props.series.map((s, k) => {
              const value = Math.max(0, s.values[i] ?? 0);
              const top = base + value;
              const bar = (
                <Bar
                  key={`${label}-${s.name}`}
                  x={x(i)}
                  y={y(top)}
                  width={band}
                  height={y(base) - y(top)}
                  fill={fillOf(prefix, k)}
                  stroke="#ffffff"
                  strokeWidth={value ? 1 : 0}
                />
              );
              base = top;
              return bar;
            });
          })}
        </>
      )}
    </ChartFrame>
  );
}

/** A line through the months' values with a marker on each, around the zero line. */
export function LineChart(props: {
  title: string;
  description: string;
  labels: string[];
  series: Series;
  /** How a month's value reads out, e.g. "за внасяне 120,00 EUR". */
  describe: (cents: number) => string;
}) {
  const y = yScale(props.series.values);
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      labels={props.labels}
      readout={(i) => `${props.labels[i]}: ${props.describe(props.series.values[i] ?? 0)}`}
    >
      {({ x, band }) => {
        const points = props.series.values.map((v, i) => ({ x: x(i) + band / 2, y: y(v) }));
        return (
          <>
            <YAxis scale={y} />
            <LinePath
              data={points}
              x={(p) => p.x}
              y={(p) => p.y}
              stroke={PALETTE[0]}
              strokeWidth={2.5}
            />
            {points.map((p, i) => (
              <rect
                key={props.labels[i]}
                x={p.x - 4}
                y={p.y - 4}
                width={8}
                height={8}
                fill="#ffffff"
                stroke={PALETTE[0]}
                strokeWidth={2}
              />
            ))}
          </>
        );
      }}
    </ChartFrame>
  );
}
