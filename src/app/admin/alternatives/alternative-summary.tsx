/** One alternative as both lists show it: name, then ASIN, price ('N/A' when unknown) and priority. */
import { formatPrice } from '../../../common/format';
import type { Alternative } from '../../../modules/alternatives';

export function AlternativeSummary({ alternative }: { alternative: Alternative }) {
  return (
    <div className="min-w-0 flex-1 basis-56">
      <p className="font-semibold break-words" data-testid="alternative-name">
        {alternative.alternative_name}
      </p>
      <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <div>
          <dt className="inline">ASIN: </dt>
          <dd className="inline font-mono" data-testid="alternative-asin">
            {alternative.alternative_asin}
          </dd>
        </div>
        <div>
          <dt className="inline">Prezzo: </dt>
          <dd className="inline" data-testid="alternative-price">
            {formatPrice(alternative.alternative_price)}
          </dd>
        </div>
        <div>
          <dt className="inline">Priorità: </dt>
          <dd className="inline font-semibold" data-testid="alternative-priority">
            {alternative.priority}
          </dd>
        </div>
      </dl>
    </div>
  );
}
