/** The optional product photo: its file input, 'Rimuovi immagine', and the 'Rimuovi sfondo' checkbox. */
import type { ChangeEvent, Ref } from 'react';
import { secondaryButtonClass } from '../../../ui';

const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp';

interface CoverPhotoFieldsProps {
  ids: string;
  fileInputRef: Ref<HTMLInputElement>;
  hasPhoto: boolean;
  removeBackground: boolean;
  removing: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onClear: () => void;
  onRemoveBackground: (checked: boolean) => void;
}

export function CoverPhotoFields({ ids, fileInputRef, hasPhoto, removeBackground, removing, onChoose, onClear, onRemoveBackground }: CoverPhotoFieldsProps) {
  return (
    <div className="space-y-2">
      <label htmlFor={`${ids}-photo`} className="block text-sm font-medium">
        Immagine del prodotto (facoltativa)
      </label>
      <input
        ref={fileInputRef}
        id={`${ids}-photo`}
        type="file"
        accept={ACCEPTED_IMAGES}
        onChange={onChoose}
        aria-describedby={`${ids}-photo-hint`}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-violet-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-violet-600"
      />
      <p id={`${ids}-photo-hint`} className="text-sm text-slate-700 dark:text-slate-300">
        JPEG, PNG o WebP: occupa il 40% sinistro della copertina.
      </p>
      {hasPhoto && (
        <button type="button" onClick={onClear} className={secondaryButtonClass}>
          Rimuovi immagine
        </button>
      )}
      <div className="flex items-center gap-2">
        <input
          id={`${ids}-remove-bg`}
          type="checkbox"
          checked={removeBackground}
          onChange={(event) => onRemoveBackground(event.target.checked)}
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
  );
}
