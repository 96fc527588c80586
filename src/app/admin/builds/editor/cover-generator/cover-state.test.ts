import { describe, expect, it } from 'vitest';
import {
  COVER_MESSAGES,
  type CoverAction,
  coverReducer,
  coverSource,
  type CoverState,
  coverSummary,
  initialCoverState,
  isRemovingBackground,
  photoNeedingRemoval,
} from './cover-state';

const photo = (name = 'scheda.png') => new File(['png'], name, { type: 'image/png' });
const reduce = (state: CoverState, ...actions: CoverAction[]) => actions.reduce(coverReducer, state);
/** The photo on the cover, the box ticked and its removal asked for. */
const removalAskedFor = (photoOnCover: File) =>
  reduce(
    initialCoverState('a'),
    { type: 'photo-chosen', photo: photoOnCover },
    { type: 'remove-background-toggled', checked: true },
    { type: 'removal-requested', photo: photoOnCover },
  );

describe('cover state', () => {
  it('starts from the given text and the spec defaults', () => {
    const specDefaults = { text: 'PC Gaming', fontSize: 48, drawnSize: 48, textCut: false, color: '#ffffff', position: 'center' };
    const nothingChosenYet = { photo: null, removeBackground: false, cutOut: null, removalOf: null, exporting: false, error: null };
    expect(initialCoverState('PC Gaming')).toEqual({ ...specDefaults, ...nothingChosenYet });
  });

  it('takes the text, size, colour and position as chosen', () => {
    const state = reduce(
      initialCoverState('a'),
      { type: 'text-changed', text: 'Riga uno' },
      { type: 'font-size-changed', fontSize: 120 },
      { type: 'color-changed', color: '#ffcc00' },
      { type: 'position-changed', position: 'top' },
    );
    expect(state).toMatchObject({ text: 'Riga uno', fontSize: 120, color: '#ffcc00', position: 'top' });
  });

  it('keeps what was drawn, and the same state when a repaint drew the same', () => {
    const state = initialCoverState('a');
    expect(coverReducer(state, { type: 'drawn', drawn: { fontSize: 48, truncated: false } })).toBe(state);
    const reduced = coverReducer(state, { type: 'drawn', drawn: { fontSize: 30, truncated: true } });
    expect(reduced).toMatchObject({ fontSize: 48, drawnSize: 30, textCut: true });
  });

  it('a chosen photo clears the error; clearing it keeps the error', () => {
    const failed = coverReducer(initialCoverState('a'), { type: 'image-unreadable' });
    expect(failed.error).toBe(COVER_MESSAGES.imageUnreadable);
    const chosen = photo();
    const withPhoto = coverReducer(failed, { type: 'photo-chosen', photo: chosen });
    expect(withPhoto).toMatchObject({ photo: chosen, error: null });
    const cleared = reduce(withPhoto, { type: 'image-unreadable' }, { type: 'photo-cleared' });
    expect(cleared).toMatchObject({ photo: null, error: COVER_MESSAGES.imageUnreadable });
  });

  it('draws the cut-out only while the box is ticked and it is of the photo on the cover', () => {
    const first = photo('uno.png');
    const png = new Blob(['cut'], { type: 'image/png' });
    const chosen = reduce(initialCoverState('a'), { type: 'photo-chosen', photo: first }, { type: 'remove-background-toggled', checked: true });
    expect(coverSource(chosen)).toBe(first);
    const cut = reduce(chosen, { type: 'removal-requested', photo: first }, { type: 'removal-done', png });
    expect(cut.cutOut).toEqual({ source: first, png });
    expect(coverSource(cut)).toBe(png);
    expect(coverSource(coverReducer(cut, { type: 'remove-background-toggled', checked: false }))).toBe(first);
    const other = photo('due.png');
    expect(coverSource(coverReducer(cut, { type: 'photo-chosen', photo: other }))).toBe(other);
    expect(coverSource(coverReducer(cut, { type: 'photo-cleared' }))).toBeNull();
  });

  it('asks for a removal only when wanted, for a photo, and not already cut out', () => {
    const first = photo('uno.png');
    const state = reduce(initialCoverState('a'), { type: 'photo-chosen', photo: first });
    expect(photoNeedingRemoval(state, false, first)).toBeNull();
    expect(photoNeedingRemoval(state, true, null)).toBeNull();
    expect(photoNeedingRemoval(state, true, first)).toBe(first);
    const cut = reduce(state, { type: 'removal-requested', photo: first }, { type: 'removal-done', png: new Blob(['cut']) });
    expect(photoNeedingRemoval(cut, true, first)).toBeNull();
    const other = photo('due.png');
    expect(photoNeedingRemoval(cut, true, other)).toBe(other);
  });

  it('an answer with no removal asked for changes nothing', () => {
    const state = initialCoverState('a');
    expect(coverReducer(state, { type: 'removal-done', png: new Blob(['cut']) })).toBe(state);
    expect(coverReducer(state, { type: 'removal-failed' })).toBe(state);
  });

  it('a failed removal of the photo on the cover: the message, the box unticked; of a replaced photo: nothing', () => {
    const first = photo('uno.png');
    const asked = removalAskedFor(first);
    expect(coverReducer(asked, { type: 'removal-failed' })).toMatchObject({ error: COVER_MESSAGES.backgroundRemovalFailed, removeBackground: false, photo: first });
    const replaced = coverReducer(asked, { type: 'photo-chosen', photo: photo('due.png') });
    expect(coverReducer(replaced, { type: 'removal-failed' })).toBe(replaced);
  });

  it('ticking or unticking the box clears the error', () => {
    const failed = coverReducer(initialCoverState('a'), { type: 'upload-failed' });
    expect(coverReducer(failed, { type: 'remove-background-toggled', checked: true })).toMatchObject({ error: null, removeBackground: true });
  });

  it('is removing while the request runs for the photo on the cover with the box ticked', () => {
    const first = photo('uno.png');
    const asked = removalAskedFor(first);
    expect(isRemovingBackground(asked, true)).toBe(true);
    expect(isRemovingBackground(asked, false)).toBe(false);
    expect(isRemovingBackground(coverReducer(asked, { type: 'remove-background-toggled', checked: false }), true)).toBe(false);
    expect(isRemovingBackground(coverReducer(asked, { type: 'photo-chosen', photo: photo('due.png') }), true)).toBe(false);
  });

  it('export: started clears the error; finished or failed ends it, failed with the upload message', () => {
    const started = reduce(initialCoverState('a'), { type: 'upload-failed' }, { type: 'export-started' });
    expect(started).toMatchObject({ exporting: true, error: null });
    expect(coverReducer(started, { type: 'export-finished' })).toMatchObject({ exporting: false, error: null });
    expect(coverReducer(started, { type: 'export-failed' })).toMatchObject({ exporting: false, error: COVER_MESSAGES.uploadFailed });
    expect(coverReducer(coverReducer(started, { type: 'export-failed' }), { type: 'error-dismissed' }).error).toBeNull();
  });

  it('the messages are the spec texts', () => {
    expect(COVER_MESSAGES).toEqual({
      backgroundRemovalFailed: 'Errore nella rimozione dello sfondo. Verifica la chiave API e riprova.',
      uploadFailed: 'Errore nel caricamento della thumbnail',
      imageUnreadable: "Errore nel caricamento dell'immagine",
    });
  });

  it('summarises the canvas: size, drawn text size, position, photo', () => {
    const state = reduce(initialCoverState('a'), { type: 'drawn', drawn: { fontSize: 40, truncated: false } }, { type: 'position-changed', position: 'bottom' });
    expect(coverSummary(state, true)).toBe('1280 × 720 px: testo di 40 px in basso, con immagine a sinistra.');
    expect(coverSummary(initialCoverState('a'), false)).toBe('1280 × 720 px: testo di 48 px al centro, senza immagine.');
  });
});
