/**
 * The build's total and its "Compra Tutto su Amazon" link, with what the affiliate rules require beside
 * them (affiliate-compliance.md): the price date (as indicative once older than 24 hours), the price
 * disclaimer, the items the cart leaves out and the affiliate disclosure. Shown under the component list
 * and, on a phone, in the summary near the top of the build page: one markup for both.
 */
import { AFFILIATE_LINK_REL } from '../../../common/amazon-hosts';
import { CART_EXCLUSION_REASONS } from '../../../common/cart-exclusions';
import { isPriceStale, PRICE_DISCLAIMER } from '../../../common/price-freshness';
import type { BuildPageData } from './build-page-text';
import { beaconAttributes } from './beacon-attributes';
import { CartIcon } from '../../components/icons';

type PricedBuild = Pick<BuildPageData, 'prices_updated_at' | 'pricesUpdatedText' | 'totalText'>;
type CartBuild = Pick<BuildPageData, 'slug' | 'cart_url' | 'cart_excluded' | 'components' | 'cartTotal'>;


export function PriceTotal({ build, now, testId }: { build: PricedBuild; now: number; testId: string }) {
  const stale = isPriceStale(build.prices_updated_at, now);
  return (
    <>
      <p className="flex items-baseline justify-between gap-4">
        <span className="text-lg font-bold">{stale ? 'Totale indicativo' : 'Totale'}</span>
        <span className="text-3xl font-extrabold text-violet-700 dark:text-violet-300" data-testid={testId}>
          {build.totalText}
        </span>
      </p>
      {build.prices_updated_at && (
        <p className="mt-1 text-right text-sm text-slate-600 dark:text-slate-400" data-testid="prices-date">
          {stale ? `Prezzi indicativi rilevati il ${build.pricesUpdatedText}` : `Prezzi aggiornati al ${build.pricesUpdatedText}`}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{PRICE_DISCLAIMER}</p>
    </>
  );
}

export function BuyAll({ build, disclosure }: { build: CartBuild; disclosure: string }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {build.cart_url ? (
        <a
          href={build.cart_url}
          target="_blank"
          rel={AFFILIATE_LINK_REL}
          {...beaconAttributes({ build: build.slug, target: 'cart' })}
          className="inline-flex items-center gap-2 rounded-xl bg-amber-400 px-6 py-3 text-lg font-bold text-slate-950 shadow hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
        >
          <CartIcon /> Compra Tutto su Amazon
        </a>
      ) : (
        build.components.length > 0 && <p className="font-medium text-slate-700 dark:text-slate-300">Nessun componente ha un link Amazon valido</p>
      )}
      {build.cart_url && build.cartTotal && (
        <div className="text-sm text-slate-600 wrap-anywhere dark:text-slate-400">
          {/* The total above counts every component; the cart adds fewer, so say what it costs. */}
          <p className="font-semibold text-slate-800 dark:text-slate-200" data-testid="cart-total">
            {`Il carrello aggiunge ${build.cartTotal.count} ${build.cartTotal.count === 1 ? 'componente' : 'componenti'} su ${build.components.length}: ${build.cartTotal.text}`}
          </p>
          <p data-testid="cart-excluded">
            Non inclusi nel carrello: {build.cart_excluded.map((item) => `${item.name} (${CART_EXCLUSION_REASONS[item.reason]})`).join(', ')}
          </p>
        </div>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">{disclosure}</p>
    </div>
  );
}
