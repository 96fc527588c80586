/** What the cover generator uses of a fetcher of the editor route's action (useFetcher<EditorActionResult>()). */
import type { FetcherWithComponents } from 'react-router';
import type { EditorActionResult } from '../../editor-data';

export type ImageFetcher = Pick<FetcherWithComponents<EditorActionResult>, 'state' | 'data' | 'submit' | 'reset'>;
