import { data } from 'react-router';
import { paths } from '../../common/paths';
import { siteFromMatches } from '../seo';
import type { Route } from './+types/not-found-route';

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Pagina non trovata | ${siteFromMatches(matches).siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="bg-gradient-to-br from-violet-600 to-indigo-900 bg-clip-text text-8xl font-black text-transparent dark:from-violet-400 dark:to-indigo-300" aria-hidden="true">
        104
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">Pagina non trovata</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">La pagina che cerchi non esiste o è stata spostata.</p>
      <nav aria-label="Pagina non trovata" className="mt-8 flex flex-wrap justify-center gap-4">
        <a href={paths.home()} className="rounded-xl bg-violet-700 px-6 py-3 font-semibold text-white hover:bg-violet-600">
          Torna alla home
        </a>
        <a href={paths.builds()} className="rounded-xl border border-slate-300 px-6 py-3 font-semibold hover:border-violet-500 dark:border-slate-700">
          Vedi le build
        </a>
      </nav>
    </main>
  );
}
