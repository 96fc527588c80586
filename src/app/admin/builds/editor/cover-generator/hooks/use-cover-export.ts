/**
 * 'Usa come copertina': the canvas exported as PNG and uploaded through the editor route's 'upload' intent
 * (POST /api/admin/upload) as copertina.png; the URL it answers goes back to the editor. Closing the
 * dialog aborts an upload still under way.
 */
import { type Dispatch, useEffect } from 'react';
import { IMAGE_SUBMIT, imageIntent } from '../../editor-data';
import { useFetcherResult } from '../../../../use-fetcher-result';
import type { CoverCanvas } from '../cover-canvas';
import type { CoverAction } from '../cover-state';
import type { ImageFetcher } from './image-fetcher';

export interface CoverExportDeps {
  fetcher: ImageFetcher;
  canvas: CoverCanvas;
  /** Paints the cover now, so the PNG is what the preview shows. */
  draw: () => void;
  /** The state's `exporting`. */
  exporting: boolean;
  dispatch: Dispatch<CoverAction>;
  /** Called with the uploaded image's URL. */
  onGenerated: (url: string) => void;
  onClose: () => void;
}

export interface CoverExport {
  generate: () => Promise<void>;
  /** The PNG is being made or uploaded. */
  uploading: boolean;
}

export function useCoverExport({ fetcher, canvas, draw, exporting, dispatch, onGenerated, onClose }: CoverExportDeps): CoverExport {
  // Closing the dialog stops the upload: its answer would arrive for nobody.
  const { reset } = fetcher;
  useEffect(() => () => reset(), [reset]);

  useFetcherResult(fetcher, (result) => {
    if (result.intent !== 'upload') return;
    if (result.status === 'failed') return dispatch({ type: 'upload-failed' });
    onGenerated(result.url);
    onClose();
  }, { answerAtMount: 'apply' });

  const uploading = exporting || fetcher.state !== 'idle';

  async function generate() {
    if (!canvas.mounted() || uploading) return;
    dispatch({ type: 'export-started' });
    let png: Blob;
    try {
      draw(); // the pending frame may not have run yet
      png = await canvas.toPng();
    } catch {
      dispatch({ type: 'export-failed' });
      return;
    }
    dispatch({ type: 'export-finished' });
    void fetcher.submit(imageIntent('upload', png, 'copertina.png'), IMAGE_SUBMIT);
  }

  return { generate, uploading };
}
