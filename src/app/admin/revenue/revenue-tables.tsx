/** The "Guadagni" screen's tables: per build (with the method of every figure), top products, what no build explains. */
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { RevenueOverview } from '../../../modules/revenue/revenue.schema';
import { formatConversion, formatEuros, formatItems, METHOD_HINTS, METHOD_LABELS } from './revenue-text';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300';
const td = 'px-3 py-2 align-top';
const num = `${td} text-right tabular-nums`;

/** A table that scrolls sideways on a phone, reachable with the keyboard. */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

export function BuildsTable({ builds }: { builds: RevenueOverview['builds'] }) {
  return (
    <RevenueSection
      title="Per build"
      testId="revenue-builds"
      emptyText={builds.length === 0 ? 'Nessuna commissione attribuita a una build nel periodo.' : null}
      footer={
        <p className="text-xs text-slate-700 dark:text-slate-300">
          Esatto: vendite con il Tracking ID della build. Stimato: vendite con un Tracking ID condiviso, divise per prodotto in proporzione ai clic (o in parti
          uguali senza clic). EPC: commissioni per clic; RPM: commissioni ogni 1.000 visualizzazioni.
        </p>
      }
    >
      <Scroll label="Guadagni per build">
        <table className="min-w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className={th}>Build</th>
              <th scope="col" className={th}>Metodo</th>
              <th scope="col" className={`${th} text-right`}>Commissioni</th>
              <th scope="col" className={`${th} text-right`}>Articoli</th>
              <th scope="col" className={`${th} text-right`}>Clic</th>
              <th scope="col" className={`${th} text-right`}>Conversione</th>
              <th scope="col" className={`${th} text-right`}>EPC</th>
              <th scope="col" className={`${th} text-right`}>RPM</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {builds.map((build) => (
              <tr key={build.build_id} data-testid="revenue-build-row">
                <th scope="row" className={`${td} text-left font-medium`}>
                  {build.deleted ? (
                    <span>
                      {build.title} <span className="text-slate-700 dark:text-slate-300">(eliminata)</span>
                    </span>
                  ) : (
                    <Link to={paths.admin.editBuild(build.build_id)} className="text-violet-800 underline dark:text-violet-300">
                      {build.title}
                    </Link>
                  )}
                </th>
                <td className={td}>
                  <span title={METHOD_HINTS[build.method]}>{METHOD_LABELS[build.method]}</span>
                </td>
                <td className={num}>{formatEuros(build.commissions)}</td>
                <td className={num}>{formatItems(build.items_shipped)}</td>
                <td className={num}>{formatCount(build.clicks)}</td>
                <td className={num}>{formatConversion(build.conversion)}</td>
                <td className={num}>{formatEuros(build.epc)}</td>
                <td className={num}>{formatEuros(build.rpm)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </RevenueSection>
  );
}

export function ProductsTable({ title, products, testId, method }: { title: string; products: RevenueOverview['products']; testId: string; method?: string }) {
  return (
    <RevenueSection title={title} testId={testId} emptyText={products.length === 0 ? 'Nessun prodotto nel periodo.' : null}>
      <Scroll label={title}>
        <table className="min-w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className={th}>Prodotto</th>
              <th scope="col" className={`${th} text-right`}>Commissioni</th>
              <th scope="col" className={`${th} text-right`}>Articoli</th>
              <th scope="col" className={`${th} text-right`}>Resi</th>
              {method && <th scope="col" className={th}>Metodo</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {products.map((product) => (
              <tr key={product.asin}>
                {/* The report's text as it was: React prints it as text, a formula in it stays inert. */}
                <th scope="row" className={`${td} text-left font-normal`}>
                  <span className="block max-w-md break-words">{product.name}</span>
                  <span className="text-xs text-slate-700 dark:text-slate-300">{product.asin}</span>
                </th>
                <td className={num}>{formatEuros(product.commissions)}</td>
                <td className={num}>{formatItems(product.items_shipped)}</td>
                <td className={num}>{formatItems(product.returns)}</td>
                {method && <td className={td}>{method}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </RevenueSection>
  );
}

/** A titled part of the screen; `emptyText` (when not null) stands in for its content, `footer` is always shown. */
export function RevenueSection({ title, testId, emptyText, footer, children }: { title: string; testId: string; emptyText: string | null; footer?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid={testId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {emptyText === null ? children : <p className="text-sm text-slate-700 dark:text-slate-300">{emptyText}</p>}
      {footer}
    </section>
  );
}
