import type { ReactNode } from 'react';

/**
 * The parts every server-rendered price chart shares: the `<svg>` itself (`role="img"`, named by the chart's
 * heading and described by its caption or legend), the dashed price guides and the first and last date. The
 * chart draws its own lines as children.
 */

interface ChartFrameProps {
  chart: {
    /** Drawing size in SVG user units; the SVG scales to its container's width. */
    width: number;
    height: number;
    guides: readonly { label: string; y: number }[];
    startLabel: string;
    endLabel: string;
  };
  /** Left and right edge of the plot (x). */
  plot: { left: number; right: number };
  /** The ids of the heading that names the chart and of the text that describes it. */
  labelledBy: string;
  describedBy: string;
  className: string;
  children: ReactNode;
}

export function ChartFrame({ chart, plot, labelledBy, describedBy, className, children }: ChartFrameProps) {
  const { width, height, guides, startLabel, endLabel } = chart;
  const { left, right } = plot;
  return (
    <svg role="img" aria-labelledby={labelledBy} aria-describedby={describedBy} viewBox={`0 0 ${width} ${height}`} width={width} height={height} className={className}>
      {guides.map((guide) => (
        <g key={guide.label} className="text-slate-500 dark:text-slate-400">
          <line x1={left} x2={right} y1={guide.y} y2={guide.y} stroke="currentColor" strokeDasharray="4 4" strokeWidth={1} />
          <text x={left - 8} y={guide.y} dy="0.35em" textAnchor="end" fontSize={13} fill="currentColor">
            {guide.label}
          </text>
        </g>
      ))}
      <g className="text-slate-500 dark:text-slate-400" fontSize={13} fill="currentColor">
        <text x={left} y={height - 8}>
          {startLabel}
        </text>
        <text x={right} y={height - 8} textAnchor="end">
          {endLabel}
        </text>
      </g>
      {children}
    </svg>
  );
}
