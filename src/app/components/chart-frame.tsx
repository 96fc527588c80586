/** The parts every server-rendered price chart shares: the dashed price guides and the first and last date. */

interface ChartFrameProps {
  guides: readonly { label: string; y: number }[];
  /** Left and right edge of the plot (x). */
  left: number;
  right: number;
  height: number;
  startLabel: string;
  endLabel: string;
}

export function ChartFrame({ guides, left, right, height, startLabel, endLabel }: ChartFrameProps) {
  return (
    <>
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
    </>
  );
}
