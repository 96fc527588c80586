/**
 * Cover-image generator dialog (spec sections 2 and 9): text and an optional product photo on a
 * violet-to-indigo 1280x720 canvas, uploaded as PNG through POST /api/admin/upload; the URL goes back to
 * the editor as featured_image. Background removal goes through POST /api/admin/remove-background, so
 * the remove.bg key stays on the server. Both are intents of the editor route's action ('upload',
 * 'remove-background'), each through its own fetcher: choosing another photo while a removal runs
 * resubmits, which drops the older answer, and closing the dialog aborts what is still under way.
 *
 * The shared modal dialog, mounted only while open: every opening starts from `defaultText`.
 */
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { ModalDialog } from '../../../modal-dialog';
import { buttonClass, inputClass, Notice, secondaryButtonClass } from '../../../ui';
import {
  autoFitFontSize,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  COVER_TEXT_MAX_LENGTH,
  DEFAULT_TEXT_COLOR,
  FONT_SIZE_DEFAULT,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  sliderValue,
  type TextPosition,
} from './cover-layout';
import { canvasMeasure, drawCover } from './draw-cover';
import { type EditorActionResult, IMAGE_SUBMIT, imageIntent } from '../editor-action';
import { UPLOAD_MESSAGES } from '../messages';
import { useFetcherResult } from '../use-fetcher-result';

interface CoverGeneratorDialogProps {
  /** Text the canvas starts with (the build's title). */
  defaultText: string;
  onClose: () => void;
  /** Called with the uploaded image's URL (POST /api/admin/upload); the editor sets it as featured_image. */
  onGenerated: (url: string) => void;
}

const COVER_MESSAGES = {
  backgroundRemovalFailed: UPLOAD_MESSAGES.backgroundRemovalFailed,
  uploadFailed: UPLOAD_MESSAGES.coverFailed,
  imageUnreadable: UPLOAD_MESSAGES.imageFailed,
} as const;

const POSITIONS: { value: TextPosition; label: string }[] = [
  { value: 'top', label: 'In alto' },
  { value: 'center', label: 'Al centro' },
  { value: 'bottom', label: 'In basso' },
];

const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp';

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas vuoto'))), 'image/png'));
}

export function CoverGeneratorDialog({ defaultText, onClose, onGenerated }: CoverGeneratorDialogProps) {
  const ids = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const removal = useFetcher<EditorActionResult>();
  const upload = useFetcher<EditorActionResult>();

  const [text, setText] = useState(defaultText);
  const [fontSize, setFontSize] = useState(FONT_SIZE_DEFAULT);
  /** The size the canvas shows: smaller than `fontSize` when that would not fit (cover-layout.ts). */
  const [drawnSize, setDrawnSize] = useState(FONT_SIZE_DEFAULT);
  /** The text did not fit the safe area even at the smallest size: the canvas shows its start, ending with '…'. */
  const [textCut, setTextCut] = useState(false);
  const [color, setColor] = useState(DEFAULT_TEXT_COLOR);
  const [position, setPosition] = useState<TextPosition>('center');
  const [photo, setPhoto] = useState<File | null>(null);
  const [removeBackground, setRemoveBackground] = useState(false);
  /** The last background-removal result, kept so that toggling the checkbox does not call the service again. */
  const [cutOut, setCutOut] = useState<{ source: File; png: Blob } | null>(null);
  /** The photo the last background removal was asked for. */
  const [removalOf, setRemovalOf] = useState<File | null>(null);
  const [decoded, setDecoded] = useState<ImageBitmap | null>(null);
  /** The PNG is being made from the canvas, before its upload starts. */
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const removing = removal.state !== 'idle' && removeBackground && removalOf === photo;
  const uploading = exporting || upload.state !== 'idle';

  const source: Blob | null = removeBackground && photo && cutOut?.source === photo ? cutOut.png : photo;
  /** The photo drawn: none as soon as it is removed; the last one decoded while its replacement decodes. */
  const image = source ? decoded : null;

  // Closing the dialog stops what is under way: its answer would arrive for nobody.
  const { reset: stopRemoval } = removal;
  const { reset: stopUpload } = upload;
  useEffect(
    () => () => {
      stopRemoval();
      stopUpload();
    },
    [stopRemoval, stopUpload],
  );

  /** Background removal of `source`, when asked for and not already done for it. */
  function requestRemoval(wanted: boolean, source: File | null) {
    if (!wanted || !source || cutOut?.source === source) return;
    setRemovalOf(source);
    void removal.submit(imageIntent('remove-background', source, source.name), IMAGE_SUBMIT);
  }

  useFetcherResult(removal, (result) => {
    if (result.intent !== 'remove-background' || removalOf === null) return;
    if (result.status === 'done') return setCutOut({ source: removalOf, png: result.png });
    // Only for the photo still on the cover: the original stays, and the checkbox shows the background was kept.
    if (removalOf !== photo) return;
    setError(COVER_MESSAGES.backgroundRemovalFailed);
    setRemoveBackground(false);
  });

  useFetcherResult(upload, (result) => {
    if (result.intent !== 'upload') return;
    if (result.status === 'failed') return setError(COVER_MESSAGES.uploadFailed);
    onGenerated(result.url);
    onClose();
  });

  // Decodes the image to draw. The picture on the canvas stays until its replacement is decoded, so the
  // preview never flashes an empty photo area while a cut-out (or another photo) is being decoded. (A
  // local decode, not a request: the flag drops the bitmap of a source replaced meanwhile.)
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    createImageBitmap(source)
      .then((bitmap) => {
        if (cancelled) bitmap.close();
        else setDecoded(bitmap);
      })
      .catch(() => {
        if (!cancelled) setError(COVER_MESSAGES.imageUnreadable);
      });
    return () => {
      cancelled = true;
    };
  }, [source]);

  // A bitmap is released once it has been replaced on screen (the frame that drew it is cancelled by then)
  // or the dialog closes.
  useEffect(() => () => decoded?.close(), [decoded]);

  const draw = useCallback(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const drawn = drawCover(ctx, { text, fontSize, color, position, image });
    setDrawnSize(drawn.fontSize);
    setTextCut(drawn.truncated);
  }, [text, fontSize, color, position, image]);

  // One repaint per frame at most, however fast the slider or the text changes.
  useEffect(() => {
    const frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [draw]);

  function autoFit() {
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) setFontSize(autoFitFontSize(text, image !== null, canvasMeasure(ctx)));
  }

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    setError(null);
    const chosen = event.target.files?.[0] ?? null;
    setPhoto(chosen);
    requestRemoval(removeBackground, chosen);
  }

  function clearPhoto() {
    setPhoto(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  async function generate() {
    const canvas = canvasRef.current;
    if (!canvas || uploading) return;
    setError(null);
    setExporting(true);
    let png: Blob;
    try {
      draw(); // the pending frame may not have run yet
      png = await canvasToPng(canvas);
    } catch {
      setError(COVER_MESSAGES.uploadFailed);
      return;
    } finally {
      setExporting(false);
    }
    void upload.submit(imageIntent('upload', png, 'copertina.png'), IMAGE_SUBMIT);
  }

  const positionLabel = POSITIONS.find((option) => option.value === position)?.label.toLowerCase() ?? '';
  const summary = `${CANVAS_WIDTH} × ${CANVAS_HEIGHT} px: testo di ${drawnSize} px ${positionLabel}, ${image ? 'con immagine a sinistra' : 'senza immagine'}.`;

  return (
    <ModalDialog title="Genera Copertina" onClose={onClose} size="xl" testId="cover-dialog">
      <div className="flex flex-col gap-5">
        {error && (
          <Notice tone="error" testId="cover-error" onDismiss={() => setError(null)}>
            {error}
          </Notice>
        )}

        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
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

          <div className="space-y-5 lg:col-start-1 lg:row-start-1">
            <div>
              <label htmlFor={`${ids}-text`} className="mb-1 block text-sm font-medium">
                Testo
              </label>
              <textarea
                id={`${ids}-text`}
                value={text}
                onChange={(event) => setText(event.target.value)}
                rows={3}
                maxLength={COVER_TEXT_MAX_LENGTH}
                aria-describedby={`${ids}-text-hint`}
                className={inputClass}
              />
              <p id={`${ids}-text-hint`} className="mt-1 text-sm text-slate-700 tabular-nums dark:text-slate-300" data-testid="cover-text-count">
                {`${text.length} di ${COVER_TEXT_MAX_LENGTH} caratteri`}
              </p>
              {textCut && (
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="cover-text-cut">
                  Il testo non entra tutto nella copertina: la parte finale è tagliata e sostituita da “…”.
                </p>
              )}
            </div>

            <div className="space-y-2">
              <label htmlFor={`${ids}-photo`} className="block text-sm font-medium">
                Immagine del prodotto (facoltativa)
              </label>
              <input
                ref={fileInputRef}
                id={`${ids}-photo`}
                type="file"
                accept={ACCEPTED_IMAGES}
                onChange={choosePhoto}
                aria-describedby={`${ids}-photo-hint`}
                className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-violet-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-violet-600"
              />
              <p id={`${ids}-photo-hint`} className="text-sm text-slate-700 dark:text-slate-300">
                JPEG, PNG o WebP: occupa il 40% sinistro della copertina.
              </p>
              {photo && (
                <button type="button" onClick={clearPhoto} className={secondaryButtonClass}>
                  Rimuovi immagine
                </button>
              )}
              <div className="flex items-center gap-2">
                <input
                  id={`${ids}-remove-bg`}
                  type="checkbox"
                  checked={removeBackground}
                  onChange={(event) => {
                    setError(null);
                    setRemoveBackground(event.target.checked);
                    requestRemoval(event.target.checked, photo);
                  }}
                  className="h-4 w-4 accent-violet-700"
                />
                <label htmlFor={`${ids}-remove-bg`} className="text-sm font-medium">
                  Rimuovi sfondo
                </label>
              </div>
              {removing && (
                <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="cover-removing">
                  Rimozione dello sfondo in corso...
                </p>
              )}
            </div>

            <div>
              <div className="mb-1 flex items-center justify-between gap-3">
                <label htmlFor={`${ids}-size`} className="text-sm font-medium">
                  Dimensione del testo
                </label>
                <output htmlFor={`${ids}-size`} className="text-sm font-semibold tabular-nums" data-testid="cover-font-size">
                  {fontSize} px
                </output>
              </div>
              {drawnSize < fontSize && (
                <p className="mb-1 text-sm text-slate-700 dark:text-slate-300" data-testid="cover-size-reduced">
                  {`Testo ridotto a ${drawnSize} px per restare dentro la copertina.`}
                </p>
              )}
              <input
                id={`${ids}-size`}
                type="range"
                min={FONT_SIZE_MIN}
                max={FONT_SIZE_MAX}
                step={1}
                value={sliderValue(fontSize)}
                aria-valuetext={`${fontSize} px`}
                onChange={(event) => setFontSize(Number(event.target.value))}
                className="w-full accent-violet-700"
              />
              <button type="button" onClick={autoFit} className={`${secondaryButtonClass} mt-2`}>
                Adatta automaticamente
              </button>
            </div>

            <div className="flex items-center gap-3">
              <label htmlFor={`${ids}-color`} className="text-sm font-medium">
                Colore del testo
              </label>
              <input
                id={`${ids}-color`}
                type="color"
                value={color}
                onChange={(event) => setColor(event.target.value)}
                className="h-10 w-14 cursor-pointer rounded border border-slate-400 bg-white p-1 dark:border-slate-500 dark:bg-slate-950"
              />
            </div>

            <fieldset>
              <legend className="mb-1 text-sm font-medium">Posizione del testo</legend>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {POSITIONS.map((option) => (
                  <label key={option.value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${ids}-position`}
                      value={option.value}
                      checked={position === option.value}
                      onChange={() => setPosition(option.value)}
                      className="h-4 w-4 accent-violet-700"
                    />
                    {option.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        </div>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Annulla
          </button>
          <button type="button" onClick={() => void generate()} disabled={uploading || removing} className={buttonClass}>
            {uploading ? 'Caricamento...' : 'Usa come copertina'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
