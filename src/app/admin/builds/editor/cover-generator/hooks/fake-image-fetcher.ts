/** Test-only: a fake of the fetcher the cover hooks take (image-fetcher.ts); its state and answer change by rerendering. */
import { expect, vi } from 'vitest';
import { type EditorActionResult, IMAGE_SUBMIT } from '../../editor-data';
import type { ImageFetcher } from './image-fetcher';

export function fakeFetcher(state: ImageFetcher['state'] = 'idle', data?: EditorActionResult): ImageFetcher {
  return { state, data, submit: vi.fn(() => Promise.resolve()), reset: vi.fn() };
}

/** The multipart body of the `index`th submission, checked to go out as an image intent. */
export function sentImage(fetcher: ImageFetcher, index = 0): { intent: FormDataEntryValue | null; image: File } {
  const [form, options] = vi.mocked(fetcher.submit).mock.calls[index]!;
  expect(options).toBe(IMAGE_SUBMIT);
  if (!(form instanceof FormData)) throw new Error('not a multipart body');
  const image = form.get('image');
  if (!(image instanceof File)) throw new Error('no image in the body');
  return { intent: form.get('intent'), image };
}
