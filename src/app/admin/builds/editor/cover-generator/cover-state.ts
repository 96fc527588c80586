/**
 * The cover generator dialog's state and its transitions, free of React and of any canvas so it can be
 * unit-tested. The hooks beside it do the work (decoding, drawing, the two requests) and report here.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH, DEFAULT_TEXT_COLOR, FONT_SIZE_DEFAULT, type TextPosition } from './cover-layout';
import type { DrawnText } from './draw-cover';
import { UPLOAD_MESSAGES } from '../editor-messages';

export const COVER_MESSAGES = {
  backgroundRemovalFailed: UPLOAD_MESSAGES.backgroundRemovalFailed,
  uploadFailed: UPLOAD_MESSAGES.coverFailed,
  imageUnreadable: UPLOAD_MESSAGES.imageFailed,
} as const;

export const POSITIONS: { value: TextPosition; label: string }[] = [
  { value: 'top', label: 'In alto' },
  { value: 'center', label: 'Al centro' },
  { value: 'bottom', label: 'In basso' },
];

/** A background removal that came back: the cut-out PNG of `source`. */
export interface CutOut {
  source: File;
  png: Blob;
}

export interface CoverState {
  text: string;
  /** The size asked for (slider or auto-fit). */
  fontSize: number;
  /** The size the canvas shows: smaller than `fontSize` when that would not fit (cover-layout.ts). */
  drawnSize: number;
  /** The text did not fit the safe area even at the smallest size: the canvas shows its start, ending with '…'. */
  textCut: boolean;
  color: string;
  position: TextPosition;
  photo: File | null;
  removeBackground: boolean;
  /** The last background-removal result, kept so that toggling the checkbox does not call the service again. */
  cutOut: CutOut | null;
  /** The photo the last background removal was asked for. */
  removalOf: File | null;
  /** The PNG is being made from the canvas, before its upload starts. */
  exporting: boolean;
  error: string | null;
}

export type CoverAction =
  | { type: 'text-changed'; text: string }
  | { type: 'font-size-changed'; fontSize: number }
  | { type: 'color-changed'; color: string }
  | { type: 'position-changed'; position: TextPosition }
  | { type: 'drawn'; drawn: DrawnText }
  | { type: 'photo-chosen'; photo: File | null }
  | { type: 'photo-cleared' }
  | { type: 'remove-background-toggled'; checked: boolean }
  | { type: 'removal-requested'; photo: File }
  | { type: 'removal-done'; png: Blob }
  | { type: 'removal-failed' }
  | { type: 'image-unreadable' }
  | { type: 'export-started' }
  | { type: 'export-finished' }
  | { type: 'export-failed' }
  | { type: 'upload-failed' }
  | { type: 'error-dismissed' };

/** Every opening of the dialog starts here, from `text` (the build's title). */
export function initialCoverState(text: string): CoverState {
  return {
    text,
    fontSize: FONT_SIZE_DEFAULT,
    drawnSize: FONT_SIZE_DEFAULT,
    textCut: false,
    color: DEFAULT_TEXT_COLOR,
    position: 'center',
    photo: null,
    removeBackground: false,
    cutOut: null,
    removalOf: null,
    exporting: false,
    error: null,
  };
}

export function coverReducer(state: CoverState, action: CoverAction): CoverState {
  switch (action.type) {
    case 'text-changed':
      return { ...state, text: action.text };
    case 'font-size-changed':
      return { ...state, fontSize: action.fontSize };
    case 'color-changed':
      return { ...state, color: action.color };
    case 'position-changed':
      return { ...state, position: action.position };
    case 'drawn':
      // Reported on every repaint: the same state when nothing changed, so no render follows.
      if (state.drawnSize === action.drawn.fontSize && state.textCut === action.drawn.truncated) return state;
      return { ...state, drawnSize: action.drawn.fontSize, textCut: action.drawn.truncated };
    case 'photo-chosen':
      return { ...state, error: null, photo: action.photo };
    case 'photo-cleared':
      return { ...state, photo: null };
    case 'remove-background-toggled':
      return { ...state, error: null, removeBackground: action.checked };
    case 'removal-requested':
      return { ...state, removalOf: action.photo };
    case 'removal-done':
      return state.removalOf === null ? state : { ...state, cutOut: { source: state.removalOf, png: action.png } };
    case 'removal-failed':
      // Only for the photo still on the cover: the original stays, and the checkbox shows the background was kept.
      if (state.removalOf === null || state.removalOf !== state.photo) return state;
      return { ...state, error: COVER_MESSAGES.backgroundRemovalFailed, removeBackground: false };
    case 'image-unreadable':
      return { ...state, error: COVER_MESSAGES.imageUnreadable };
    case 'export-started':
      return { ...state, error: null, exporting: true };
    case 'export-finished':
      return { ...state, exporting: false };
    case 'export-failed':
      return { ...state, error: COVER_MESSAGES.uploadFailed, exporting: false };
    case 'upload-failed':
      return { ...state, error: COVER_MESSAGES.uploadFailed };
    case 'error-dismissed':
      return { ...state, error: null };
  }
}

/** The photo to send for background removal when the box is `wanted` for `photo`: null when none is needed. */
export function photoNeedingRemoval(state: CoverState, wanted: boolean, photo: File | null): File | null {
  if (!wanted || !photo || state.cutOut?.source === photo) return null;
  return photo;
}

/** The picture to draw: the cut-out when asked for and already there, else the photo as chosen. */
export function coverSource(state: CoverState): Blob | null {
  const { removeBackground, photo, cutOut } = state;
  return removeBackground && photo && cutOut?.source === photo ? cutOut.png : photo;
}

/** The removal under way (`requestPending`) is the one the cover is waiting for. */
export function isRemovingBackground(state: CoverState, requestPending: boolean): boolean {
  return requestPending && state.removeBackground && state.removalOf === state.photo;
}

/** The canvas's text alternative: its size, the drawn text size, the position, and whether a photo is on it. */
export function coverSummary(state: CoverState, hasImage: boolean): string {
  const positionLabel = POSITIONS.find((option) => option.value === state.position)?.label.toLowerCase() ?? '';
  return `${CANVAS_WIDTH} × ${CANVAS_HEIGHT} px: testo di ${state.drawnSize} px ${positionLabel}, ${hasImage ? 'con immagine a sinistra' : 'senza immagine'}.`;
}
