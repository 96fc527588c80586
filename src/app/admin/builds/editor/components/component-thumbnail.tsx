/**
 * The thumbnail of a component's product image (the retailer's link, decision 019). The box has its
 * size whether or not there is an image, and the image its width and height, so nothing moves when it
 * arrives; loaded lazily, as a long build lists many. Decorative: the component's name is next to it.
 * An https link only (the server accepts no other); a link that fails to load leaves the box empty.
 */
import { useState } from 'react';

const SIZES = {
  sm: { px: 32, box: 'h-8 w-8' },
  lg: { px: 96, box: 'h-24 w-24' },
} as const;

export function ComponentThumbnail({ url, size }: { url: string; size: keyof typeof SIZES }) {
  const [failed, setFailed] = useState<string | null>(null);
  const { px, box } = SIZES[size];
  const src = url.trim();
  const shown = src.startsWith('https://') && failed !== src;
  return (
    <span className={`flex ${box} shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-white dark:border-slate-700`}>
      {shown && (
        <img
          src={src}
          alt=""
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          className={`${box} object-contain`}
          onError={() => setFailed(src)}
          data-testid="component-thumbnail"
        />
      )}
    </span>
  );
}
