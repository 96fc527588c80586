/**
 * Featured image: a URL typed by hand, a file uploaded to POST /api/admin/upload (the 'upload' intent of
 * the route's action, through this card's fetcher), or a cover made with the generator dialog; the chosen
 * image is previewed.
 */
import { type ChangeEvent, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { CoverGeneratorDialog } from '../cover-generator/cover-generator-dialog';
import { cardClass, Notice, secondaryButtonClass } from '../../../ui';
import { fieldId } from '../form/build-form';
import { ButtonSpinner } from '../button-spinner';
import { type EditorActionResult, IMAGE_SUBMIT, imageIntent } from '../editor-data';
import { TextField } from '../form/form-fields';
import { UPLOAD_MESSAGES } from '../editor-messages';
import { useFetcherResult } from '../../../use-fetcher-result';

const UPLOAD_ERROR = UPLOAD_MESSAGES.imageFailed;

interface FeaturedImageCardProps {
  value: string;
  title: string;
  error?: string;
  onChange: (url: string) => void;
}

export function FeaturedImageCard({ value, title, error, onChange }: FeaturedImageCardProps) {
  const headingId = useId();
  const uploadId = `${fieldId('featured_image')}-file`;
  const fetcher = useFetcher<EditorActionResult>();
  const uploading = fetcher.state !== 'idle';
  /** null: no failure; detail: the server's explanation, when it adds something to the fixed message. */
  const [uploadError, setUploadError] = useState<{ detail: string | null } | null>(null);
  const [coverOpen, setCoverOpen] = useState(false);
  // The preview that failed to load, so a broken URL says so instead of showing a broken image.
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(null);
    void fetcher.submit(imageIntent('upload', file, file.name), IMAGE_SUBMIT);
    // The same file can be chosen again after an error.
    input.value = '';
  }

  useFetcherResult(fetcher, (result) => {
    if (result.intent !== 'upload') return;
    if (result.status === 'done') return onChange(result.url);
    setUploadError({ detail: result.detail === UPLOAD_ERROR ? null : result.detail });
  }, { answerAtMount: 'apply' });

  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-4`} data-testid="featured-image-card">
      <h2 id={headingId} className="text-lg font-semibold">
        Immagine in evidenza
      </h2>
      <TextField path="featured_image" label="URL immagine" inputMode="url" value={value} onValueChange={onChange} error={error} placeholder="https://... oppure /uploads/..." spellCheck={false} />
      <div>
        {/* The native control's own text follows the browser's language: a labelled button in Italian instead. */}
        <input
          id={uploadId}
          type="file"
          accept="image/*"
          disabled={uploading}
          aria-describedby={`${uploadId}-hint`}
          onChange={upload}
          className="peer sr-only"
        />
        <label
          htmlFor={uploadId}
          className={`${secondaryButtonClass} w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-500 peer-disabled:cursor-wait peer-disabled:opacity-60`}
        >
          {uploading && <ButtonSpinner />}
          Carica immagine
        </label>
        <p id={`${uploadId}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {uploading ? 'Caricamento in corso...' : 'JPEG, PNG, WebP o GIF: viene convertita e ridimensionata per il sito.'}
        </p>
      </div>
      {uploadError && (
        <Notice tone="error" onDismiss={() => setUploadError(null)} testId="upload-error">
          <p className="font-semibold">{UPLOAD_ERROR}</p>
          {uploadError.detail && <p>{uploadError.detail}</p>}
        </Notice>
      )}
      <button type="button" className={`${secondaryButtonClass} w-full`} onClick={() => setCoverOpen(true)}>
        Genera Copertina
      </button>
      {value && (
        <figure data-testid="featured-image-preview">
          {brokenPreview === value ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700 dark:border-slate-600 dark:text-slate-300">Anteprima non disponibile: controlla l&apos;URL.</p>
          ) : (
            <img src={value} alt="Anteprima dell'immagine in evidenza" onError={() => setBrokenPreview(value)} className="aspect-video w-full rounded-lg border border-slate-200 object-cover dark:border-slate-700" />
          )}
        </figure>
      )}
      {coverOpen && <CoverGeneratorDialog defaultText={title} onClose={() => setCoverOpen(false)} onGenerated={onChange} />}
    </section>
  );
}
