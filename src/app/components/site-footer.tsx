import { feedPath } from '../../common/feed-query';
import { paths } from '../../common/paths';
import { AFFILIATE_DISCLOSURE } from '../../common/price-freshness';

interface SiteFooterProps {
  siteName: string;
  author: string;
  year: number;
  affiliateTag: string;
  videoChannelUrl: string | null;
}

export function SiteFooter({ siteName, author, year, affiliateTag, videoChannelUrl }: SiteFooterProps) {
  return (
    <footer className="below-fold mt-20 border-t border-slate-200 bg-slate-50 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900/40 dark:text-slate-400">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="text-base font-bold text-slate-900 dark:text-slate-100">{siteName}</p>
          <p className="mt-2">Guide e configurazioni PC di {author}.</p>
        </div>
        <nav aria-label="Link utili">
          <h2 className="font-semibold text-slate-900 dark:text-slate-100">Link utili</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <a href={paths.home()} className="hover:underline">
                Home
              </a>
            </li>
            <li>
              <a href={paths.builds()} className="hover:underline">
                Le Mie Build
              </a>
            </li>
            <li>
              <a href={paths.deals()} className="hover:underline">
                Offerte
              </a>
            </li>
            <li>
              <a href={paths.sitemap()} className="hover:underline">
                Mappa del sito
              </a>
            </li>
            <li>
              <a href={feedPath()} type="application/rss+xml" className="hover:underline">
                Feed RSS
              </a>
            </li>
            <li>
              <a href={paths.dealsFeed()} type="application/rss+xml" className="hover:underline">
                Feed RSS delle offerte
              </a>
            </li>
            {videoChannelUrl && (
              <li>
                <a href={videoChannelUrl} target="_blank" rel="noopener noreferrer" className="hover:underline">
                  Canale video
                </a>
              </li>
            )}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-slate-900 dark:text-slate-100">Link affiliati</h2>
          <p className="mt-2">{AFFILIATE_DISCLOSURE}</p>
          <p className="mt-2">
            Tag affiliato: <code className="rounded bg-slate-200 px-1 dark:bg-slate-800">{affiliateTag}</code>
          </p>
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center dark:border-slate-800">
        © {year} {siteName} · {author}. Tutti i diritti riservati.
      </p>
    </footer>
  );
}
