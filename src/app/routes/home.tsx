import { Link } from 'react-router';
import { categoryLabel } from '../../common/catalog';
import { formatPrice } from '../../common/format';
import { paths } from '../../common/paths';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const builds = await context.services.builds.listPublished();
  return { builds, siteName: context.config.siteName, author: context.config.siteAuthor };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.siteName ?? 'Build PC'}: guide per assemblare il tuo PC` },
    { name: 'description', content: 'Configurazioni PC complete per gaming, editing, ufficio e workstation, con prezzi aggiornati.' },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { builds, author } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <section className="py-10 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Assembla il tuo PC perfetto</h1>
        <p className="mt-4 text-slate-600 dark:text-slate-300">Guide e configurazioni di {author}</p>
      </section>
      <section id="builds" aria-labelledby="builds-heading">
        <h2 id="builds-heading" className="mb-6 text-2xl font-bold">
          Le Mie Build
        </h2>
        {builds.length === 0 ? (
          <p>Nessuna build disponibile al momento.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {builds.map((build) => (
              <li key={build.id} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
                <p className="text-sm font-semibold text-violet-700 dark:text-violet-300">{categoryLabel(build.category)}</p>
                <h3 className="mt-1 text-lg font-bold">
                  <Link to={paths.build(build.slug)}>{build.title}</Link>
                </h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{build.description}</p>
                <p className="mt-3 font-semibold">{formatPrice(build.total_price)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
