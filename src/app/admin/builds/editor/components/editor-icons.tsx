/** The component table's small icons (decorative: every button that shows one has its own label). */
import type { SVGProps } from 'react';

function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const ArrowUpIcon = () => (
  <Icon>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Icon>
);
export const ArrowDownIcon = () => (
  <Icon>
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </Icon>
);
export const GripIcon = () => (
  <Icon>
    <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" strokeWidth="3" />
  </Icon>
);
export const ChevronIcon = ({ open }: { open: boolean }) => (
  <Icon className={`transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);
export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Icon>
);
export function PriceUpdatedMark() {
  return (
    <span className="inline-flex items-center text-green-800 dark:text-green-300" data-testid="price-updated">
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" role="img" aria-label="Prezzo aggiornato">
        <path d="M5 13l4 4L19 7" />
      </svg>
    </span>
  );
}
export function ReplacedBadge() {
  return (
    <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-900 dark:text-violet-100" data-testid="replaced-badge">
      Sostituito intelligentemente
    </span>
  );
}
