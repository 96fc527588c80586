/**
 * Cover-image generator dialog (product spec, "Screens and routes", "Business constants and limits"): text and an
 * optional product photo on a violet-to-indigo 1280x720 canvas, uploaded as PNG through POST /api/admin/upload; the
 * URL goes back to the editor as featured_image. Background removal goes through POST /api/admin/remove-background,
 * so the remove.bg key stays on the server. Both are intents of the editor route's action ('upload',
 * 'remove-background'), each through its own fetcher (use-cover-export.ts, use-background-removal.ts).
 *
 * A view over the dialog's state (cover-state.ts) and its hooks; the canvas is reached only through
 * cover-canvas.ts. The shared modal dialog, mounted only while open: every opening starts from `defaultText`.
 */
import { type ChangeEvent, useId, useReducer, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { ModalDialog } from '../../../modal-dialog';
import { buttonClass, Notice, secondaryButtonClass } from '../../../ui';
import { elementCoverCanvas } from './cover-canvas';
import { CoverPhotoFields } from './cover-photo-fields';
import { CoverPreview } from './cover-preview';
import { coverReducer, coverSource, coverSummary, initialCoverState } from './cover-state';
import { CoverStyleFields, CoverTextField } from './cover-text-fields';
import { useBackgroundRemoval } from './hooks/use-background-removal';
import { useCoverExport } from './hooks/use-cover-export';
import { useCoverLayout } from './hooks/use-cover-layout';
import { useCoverPhoto } from './hooks/use-cover-photo';
import type { EditorActionResult } from '../editor-data';

interface CoverGeneratorDialogProps {
  /** Text the canvas starts with (the build's title). */
  defaultText: string;
  onClose: () => void;
  /** Called with the uploaded image's URL (POST /api/admin/upload); the editor sets it as featured_image. */
  onGenerated: (url: string) => void;
}

const decodeImage = (source: Blob) => createImageBitmap(source);

export function CoverGeneratorDialog({ defaultText, onClose, onGenerated }: CoverGeneratorDialogProps) {
  const ids = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [canvas] = useState(elementCoverCanvas);
  const [state, dispatch] = useReducer(coverReducer, defaultText, initialCoverState);

  const image = useCoverPhoto(coverSource(state), decodeImage, dispatch);
  const { text, fontSize, color, position } = state;
  const { draw, autoFit } = useCoverLayout(canvas, { text, fontSize, color, position, image }, dispatch);
  const removal = useBackgroundRemoval(useFetcher<EditorActionResult>(), state, dispatch);
  const cover = useCoverExport({ fetcher: useFetcher<EditorActionResult>(), canvas, draw, exporting: state.exporting, dispatch, onGenerated, onClose });

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    dispatch({ type: 'photo-chosen', photo: chosen });
    removal.request(state.removeBackground, chosen);
  }

  function clearPhoto() {
    dispatch({ type: 'photo-cleared' });
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  function toggleRemoveBackground(checked: boolean) {
    dispatch({ type: 'remove-background-toggled', checked });
    removal.request(checked, state.photo);
  }

  return (
    <ModalDialog title="Genera Copertina" onClose={onClose} size="xl" testId="cover-dialog">
      <div className="flex flex-col gap-5">
        {state.error && (
          <Notice tone="error" testId="cover-error" onDismiss={() => dispatch({ type: 'error-dismissed' })}>
            {state.error}
          </Notice>
        )}

        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <CoverPreview ids={ids} canvasRef={canvas.attach} summary={coverSummary(state, image !== null)} />

          <div className="space-y-5 lg:col-start-1 lg:row-start-1">
            <CoverTextField ids={ids} state={state} dispatch={dispatch} />
            <CoverPhotoFields
              ids={ids}
              fileInputRef={fileInputRef}
              hasPhoto={state.photo !== null}
              removeBackground={state.removeBackground}
              removing={removal.removing}
              onChoose={choosePhoto}
              onClear={clearPhoto}
              onRemoveBackground={toggleRemoveBackground}
            />
            <CoverStyleFields ids={ids} state={state} dispatch={dispatch} onAutoFit={autoFit} />
          </div>
        </div>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Annulla
          </button>
          <button type="button" onClick={() => void cover.generate()} disabled={cover.uploading || removal.removing} className={buttonClass}>
            {cover.uploading ? 'Caricamento...' : 'Usa come copertina'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
