/** The cover being made, on its 1280x720 canvas, with a one-line summary as its text alternative. */
import { CANVAS_HEIGHT, CANVAS_WIDTH } from './cover-layout';

interface CoverPreviewProps {
  ids: string;
  canvasRef: (element: HTMLCanvasElement | null) => void;
  summary: string;
}

export function CoverPreview({ ids, canvasRef, summary }: CoverPreviewProps) {
  return (
    <figure className="space-y-2 lg:col-start-2 lg:row-start-1">
      <canvas
        ref={canvasRef}
        width={CANVAS_WIDTH}
        height={CANVAS_HEIGHT}
        role="img"
        aria-label="Anteprima della copertina"
        aria-describedby={`${ids}-summary`}
        data-testid="cover-canvas"
        className="aspect-video h-auto w-full rounded-lg border border-slate-300 dark:border-slate-700"
      />
      <figcaption id={`${ids}-summary`} className="text-sm text-slate-700 dark:text-slate-300" data-testid="cover-summary">
        {summary}
      </figcaption>
    </figure>
  );
}
