/**
 * Geometry of the analytics charts, from the numbers the server sent: plain SVG shapes, no chart library.
 * Pure functions, so what is drawn is tested without a browser (charts.test.ts).
 */
import { formatCount } from '../../../common/format';

/** Text longer than this is cut with an ellipsis (the full text stays in the bar's tooltip and the table). */
const MAX_LABEL_CHARS = 28;

function shorten(text: string): string {
  return text.length <= MAX_LABEL_CHARS ? text : `${text.slice(0, MAX_LABEL_CHARS - 1).trimEnd()}…`;
}

export interface BarRow {
  key: string | number;
  label: string;
  value: number;
}

export interface HorizontalBars {
  /** Drawing size in SVG user units; the SVG scales to its container's width. */
  width: number;
  height: number;
  /** Where the labels end (text-anchor end) and the bars start. */
  labelX: number;
  barX: number;
  barHeight: number;
  bars: { key: string | number; title: string; label: string; valueLabel: string; y: number; width: number; textY: number }[];
}

const BARS = { width: 640, rowHeight: 30, barHeight: 18, labelX: 210, barX: 218, valueRoom: 56 };

/**
 * One horizontal bar per row, in the order given, scaled to the largest value (a bar of 0 is not drawn,
 * its value is). Null without rows.
 */
export function horizontalBars(rows: readonly BarRow[]): HorizontalBars | null {
  if (rows.length === 0) return null;
  const largest = Math.max(...rows.map((row) => row.value), 1);
  const room = BARS.width - BARS.barX - BARS.valueRoom;
  return {
    width: BARS.width,
    height: rows.length * BARS.rowHeight,
    labelX: BARS.labelX,
    barX: BARS.barX,
    barHeight: BARS.barHeight,
    bars: rows.map((row, index) => {
      const y = index * BARS.rowHeight + (BARS.rowHeight - BARS.barHeight) / 2;
      return {
        key: row.key,
        title: row.label,
        label: shorten(row.label),
        valueLabel: formatCount(row.value),
        y,
        width: Math.round((row.value / largest) * room * 100) / 100,
        textY: y + BARS.barHeight / 2,
      };
    }),
  };
}

export interface DailyColumns {
  width: number;
  height: number;
  columns: { day: string; value: number; x: number; y: number; width: number; height: number }[];
}

const COLUMNS = { width: 300, height: 48, gap: 2 };

/** One column per day, oldest on the left, scaled to the busiest day; a day of 0 has no column. */
export function dailyColumns(days: readonly { day: string; value: number }[]): DailyColumns {
  const largest = Math.max(...days.map((day) => day.value), 1);
  const step = COLUMNS.width / Math.max(days.length, 1);
  return {
    width: COLUMNS.width,
    height: COLUMNS.height,
    columns: days.map((day, index) => {
      const height = Math.round((day.value / largest) * COLUMNS.height * 100) / 100;
      return {
        day: day.day,
        value: day.value,
        x: Math.round(index * step * 100) / 100,
        y: Math.round((COLUMNS.height - height) * 100) / 100,
        width: Math.max(Math.round((step - COLUMNS.gap) * 100) / 100, 1),
        height,
      };
    }),
  };
}
