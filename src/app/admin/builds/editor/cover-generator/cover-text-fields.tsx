/**
 * The cover's text (above the photo fields) and how it is drawn (below them): its size (slider and
 * auto-fit), colour and position.
 */
import type { Dispatch } from 'react';
import { inputClass, secondaryButtonClass } from '../../../ui';
import { COVER_TEXT_MAX_LENGTH, FONT_SIZE_MAX, FONT_SIZE_MIN, sliderValue } from './cover-layout';
import { type CoverAction, type CoverState, POSITIONS } from './cover-state';

interface FieldsProps {
  ids: string;
  state: CoverState;
  dispatch: Dispatch<CoverAction>;
}

export function CoverTextField({ ids, state: { text, textCut }, dispatch }: FieldsProps) {
  return (
    <div>
      <label htmlFor={`${ids}-text`} className="mb-1 block text-sm font-medium">
        Testo
      </label>
      <textarea
        id={`${ids}-text`}
        value={text}
        onChange={(event) => dispatch({ type: 'text-changed', text: event.target.value })}
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
  );
}

export function CoverStyleFields({ ids, state: { fontSize, drawnSize, color, position }, dispatch, onAutoFit }: FieldsProps & { onAutoFit: () => void }) {
  return (
    <>
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
          onChange={(event) => dispatch({ type: 'font-size-changed', fontSize: Number(event.target.value) })}
          className="w-full accent-violet-700"
        />
        <button type="button" onClick={onAutoFit} className={`${secondaryButtonClass} mt-2`}>
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
          onChange={(event) => dispatch({ type: 'color-changed', color: event.target.value })}
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
                onChange={() => dispatch({ type: 'position-changed', position: option.value })}
                className="h-4 w-4 accent-violet-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
