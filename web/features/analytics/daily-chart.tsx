/**
 * A small bar chart of one figure per day, drawn as SVG (no chart library), with the same
 * numbers in a table behind a disclosure: the picture for the eye, the table for screen
 * readers and for anyone who wants the exact figures. Several series stack.
 */
import { useId } from "react";

export interface ChartSeries {
  label: string;
  /** A Tailwind fill class, e.g. "fill-primary". */
  fillClass: string;
  values: (number | null)[];
}

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 28;

export function DailyChart({
  title,
  dates,
  series,
  format = (n) => n.toLocaleString(),
  additive = true,
}: {
  title: string;
  dates: string[];
  series: ChartSeries[];
  format?: (value: number) => string;
  /** False for figures a range total means nothing for (latency). */
  additive?: boolean;
}) {
  const id = useId();
  const totals = dates.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const slot = (WIDTH - AXIS) / Math.max(1, dates.length);
  const barWidth = Math.max(1, slot * 0.7);
  const total = totals.reduce((sum, n) => sum + n, 0);
  const peak = `at most ${format(Math.max(0, ...totals))} a day`;
  const summary = `${title}: ${additive ? `${format(total)} over ${dates.length} days, ` : ""}${peak}.`;

  return (
    <figure
      className="min-w-0 rounded-xl border border-slate-200 bg-surface p-4 shadow-sm"
      aria-labelledby={`${id}-title`}
    >
      <figcaption id={`${id}-title`} className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span className="text-xs text-slate-500">{additive ? `${format(total)} in range` : peak}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 16}`} role="img" aria-label={summary} className="h-36 w-full">
        <line x1={AXIS} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-slate-200" />
        <text x={AXIS - 4} y={10} textAnchor="end" className="fill-slate-400 text-[10px]">
          {format(max)}
        </text>
        <text x={AXIS - 4} y={HEIGHT} textAnchor="end" className="fill-slate-400 text-[10px]">
          0
        </text>
        {dates.map((date, i) => {
          let top = HEIGHT;
          return (
            <g key={date}>
              <title>{`${date}: ${series.map((s) => `${s.label} ${format(s.values[i] ?? 0)}`).join(", ")}`}</title>
              {series.map((s) => {
                const h = ((s.values[i] ?? 0) / max) * (HEIGHT - 12);
                top -= h;
                return (
                  <rect
                    key={s.label}
                    x={AXIS + i * slot + (slot - barWidth) / 2}
                    y={top}
                    width={barWidth}
                    height={h}
                    className={s.fillClass}
                  />
                );
              })}
            </g>
          );
        })}
        <text x={AXIS} y={HEIGHT + 14} className="fill-slate-400 text-[10px]">
          {dates[0]}
        </text>
        <text x={WIDTH} y={HEIGHT + 14} textAnchor="end" className="fill-slate-400 text-[10px]">
          {dates.at(-1)}
        </text>
      </svg>
      {series.length > 1 && (
        <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden>
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1">
              <svg className="size-2.5" viewBox="0 0 10 10">
                <rect width="10" height="10" className={s.fillClass} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer text-primary-ink">Show table</summary>
        {/* Focusable so a keyboard can scroll a long range's table (axe scrollable-region-focusable). */}
        <div className="mt-2 max-h-60 overflow-auto" tabIndex={0} role="region" aria-label={`${title} per day, table`}>
          <table className="w-full text-left">
            <caption className="sr-only">{title} per day</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Date
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="py-1 pr-3 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((date, i) => (
                <tr key={date} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {date}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="py-1 pr-3 text-right tabular-nums">
                      {s.values[i] === null ? "–" : format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
