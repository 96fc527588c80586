import { isKnownUnavailable } from '../../../common/availability';
import { AFFILIATE_LINK_REL, EXTERNAL_LINK_REL, isAmazonLink } from '../../../common/amazon-hosts';
import { partTypeName } from '../../../common/catalog';
import { isPriceStale } from '../../../common/price-freshness';
import type { BuildPageData, ComponentData } from './build-page-text';
import { StockAlertForm } from '../alerts/alert-forms';
import { beaconAttributes } from './beacon-attributes';
import { BuyAll, PriceTotal } from './buy-all';
import { ExternalIcon } from '../../components/icons';

/** The price's date beside it: current, or indicative once older than 24 hours (affiliate-compliance.md). */
export function PriceNote({ component, now }: { component: ComponentData; now: number }) {
  if (component.price === null || !component.price_updated_at) return null;
  const date = component.priceUpdatedText;
  return isPriceStale(component.price_updated_at, now) ? (
    <span className="block text-xs text-amber-700 dark:text-amber-300">prezzo indicativo rilevato il {date}</span>
  ) : (
    <span className="block text-xs text-slate-600 dark:text-slate-400">Prezzo aggiornato al {date}</span>
  );
}

/**
 * The component's link: an affiliate link when it is Amazon's (amazon-hosts.ts), else an ordinary external
 * link, neither labelled nor marked as affiliate (the server added no tag to it either).
 */
function ProductLink({ link, componentId, buildSlug, swappedAsin }: { link: string; componentId: number; buildSlug: string; swappedAsin: string | null }) {
  const affiliate = isAmazonLink(link);
  // A part a personalisation swapped in is counted under its own product (decision 030).
  const beacon = swappedAsin ? { build: buildSlug, component_id: componentId, asin: swappedAsin } : { build: buildSlug, component_id: componentId };
  return (
    <a
      href={link}
      target="_blank"
      rel={affiliate ? AFFILIATE_LINK_REL : EXTERNAL_LINK_REL}
      {...beaconAttributes(beacon)}
      className="mt-1 inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-violet-700 hover:underline dark:text-violet-300"
    >
      {affiliate ? 'Vedi su Amazon' : 'Vedi il prodotto'} <ExternalIcon width={14} height={14} />
      <span className="sr-only">{affiliate ? '(link affiliato, si apre in una nuova scheda)' : '(sito esterno, si apre in una nuova scheda)'}</span>
    </a>
  );
}

function ComponentRow({ component, now, buildSlug, stockAlert }: { component: ComponentData; now: number; buildSlug: string; stockAlert: boolean }) {
  const unavailable = isKnownUnavailable(component.availability);
  return (
    <li className="py-4" data-testid="component">
      {component.is_replaced === 1 && (
        <p className="mb-2 rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100" role="note">
          <strong className="mr-2">SOSTITUITO</strong>
          {component.replacement_reason || 'Prodotto originale non disponibile'}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          {/* The retailer's image, linked, never stored (affiliate-compliance.md); sized, so nothing moves when it arrives. */}
          {component.image_url && (
            <img
              src={component.image_url}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              className="h-16 w-16 shrink-0 rounded-lg bg-white object-contain p-1 ring-1 ring-slate-200 dark:ring-slate-700"
              data-testid="component-image"
            />
          )}
          <div className="min-w-0">
            <span className="inline-block rounded bg-violet-100 px-2 py-0.5 text-xs font-bold tracking-wide text-violet-800 dark:bg-violet-900/60 dark:text-violet-200" data-testid="component-type">
              {partTypeName(component.type)}
            </span>
            <p className="mt-1 font-semibold">{component.name}</p>
            {component.owned && (
              <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-200" data-testid="owned">
                Non conteggiato nel totale né nel carrello
              </p>
            )}
            {component.swapped_from && (
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="swapped-from">
                {component.swapped_by === 'budget' ? 'Scelto per il budget' : 'Scelto da te'} al posto di {component.swapped_from.name}
              </p>
            )}
            {component.specs && <p className="text-sm text-slate-600 dark:text-slate-400">{component.specs}</p>}
            {unavailable && <p className="text-sm font-medium text-red-700 dark:text-red-300">Attualmente non disponibile</p>}
            {unavailable && stockAlert && <StockAlertForm buildSlug={buildSlug} componentId={component.id} />}
          </div>
        </div>
        <div className="shrink-0 sm:text-right">
          {/* A part the visitor owns costs them nothing: its state, not a price they would pay. */}
          {component.owned ? (
            <p className="text-lg font-bold text-emerald-800 dark:text-emerald-200" data-testid="owned-price">
              Già in tuo possesso
            </p>
          ) : (
            <p className="text-lg font-bold">{component.priceText}</p>
          )}
          {!component.owned && <PriceNote component={component} now={now} />}
          {!component.owned && component.lowestPrice30dText && (
            <span className="block text-xs text-slate-600 dark:text-slate-400" data-testid="lowest-price-30d">
              {`Prezzo più basso negli ultimi 30 giorni: ${component.lowestPrice30dText}`}
            </span>
          )}
          {component.amazon_link && (
            <ProductLink link={component.amazon_link} componentId={component.id} buildSlug={buildSlug} swappedAsin={component.swapped_from ? component.asin : null} />
          )}
        </div>
      </div>
    </li>
  );
}

/** The id of the list, for links to it (the phone summary's, at the top of the build page). */
export const COMPONENT_LIST_ID = 'componenti';

/** `stockAlerts`: offer "Avvisami quando torna disponibile" on unavailable parts (mail configured, author's build). */
export function ComponentList({ build, now, disclosure, stockAlerts = false }: { build: BuildPageData; now: number; disclosure: string; stockAlerts?: boolean }) {
  // Laid out with the page, not `below-fold`: the Personalizza section's links follow it, and a skipped list's
  // placeholder height would put them on top of its own links for anyone measuring the page (axe, Lighthouse).
  return (
    <section id={COMPONENT_LIST_ID} aria-labelledby="components-heading" className="mt-12 scroll-mt-20 rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-800">
      <h2 id="components-heading" className="text-2xl font-extrabold">
        Componenti
      </h2>
      {build.components.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-400">Nessun componente da aggiungere al carrello</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {build.components.map((component) => (
            <ComponentRow key={component.id} component={component} now={now} buildSlug={build.slug} stockAlert={stockAlerts} />
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        <PriceTotal build={build} now={now} testId="total" />
      </div>
      <div className="mt-6">
        <BuyAll build={build} disclosure={disclosure} />
      </div>
    </section>
  );
}
