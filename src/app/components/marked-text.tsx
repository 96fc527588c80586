import type { TextSegment } from '../../common/italian-search-text';

/** The words of a search result that match the search, in <mark> (segments cut on the server). */
export function MarkedText({ segments }: { segments: readonly TextSegment[] }) {
  return segments.map((segment, index) =>
    segment.match ? (
      <mark key={index} className="rounded bg-amber-200 px-0.5 text-inherit dark:bg-amber-500/40">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}
