/**
 * Decodes the picture to draw (the photo, or its cut-out). The picture on the canvas stays until its
 * replacement is decoded, so the preview never flashes an empty photo area while a cut-out (or another
 * photo) is being decoded. (A local decode, not a request: the flag drops the image of a source replaced
 * meanwhile.)
 */
import { type Dispatch, useEffect, useState } from 'react';
import type { CoverAction } from '../cover-state';

/** A decoded picture: an ImageBitmap in the browser. */
export interface DecodedImage {
  close(): void;
}

/** Decodes a picture: `createImageBitmap` in the browser. It must keep its identity across renders. */
export type DecodeImage<Image extends DecodedImage> = (source: Blob) => Promise<Image>;

/** The picture to draw for `source`: none as soon as the source is removed; the last one decoded while its replacement decodes. */
export function useCoverPhoto<Image extends DecodedImage>(source: Blob | null, decode: DecodeImage<Image>, dispatch: Dispatch<CoverAction>): Image | null {
  const [decoded, setDecoded] = useState<Image | null>(null);

  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    decode(source)
      .then((image) => {
        if (cancelled) image.close();
        else setDecoded(image);
      })
      .catch(() => {
        if (!cancelled) dispatch({ type: 'image-unreadable' });
      });
    return () => {
      cancelled = true;
    };
  }, [source, decode, dispatch]);

  // A picture is released once it has been replaced on screen (the frame that drew it is cancelled by
  // then) or the dialog closes.
  useEffect(() => () => decoded?.close(), [decoded]);

  return source ? decoded : null;
}
