import { data, Link } from 'react-router';
import { isAppError } from '../../common/errors';
import { formatPrice } from '../../common/format';
import { paths } from '../../common/paths';
import type { Route } from './+types/build';

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { build: await context.services.builds.getPublished(params.slug) };
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND')) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Build non trovata' }];
  return [{ title: loaderData.build.meta_title }, { name: 'description', content: loaderData.build.meta_description }];
}

export default function BuildPage({ loaderData }: Route.ComponentProps) {
  const { build } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to={paths.builds()} className="underline">
        Torna alle build
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold">{build.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{build.description}</p>
      <article className="prose mt-8" dangerouslySetInnerHTML={{ __html: build.content_html }} />
      <ul className="mt-8 divide-y divide-slate-200 dark:divide-slate-800">
        {build.components.map((component) => (
          <li key={component.id} className="flex justify-between gap-4 py-2">
            <span>
              <strong>{component.type}</strong> {component.name}
            </span>
            <span>{formatPrice(component.price)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-right text-xl font-bold">Totale: {formatPrice(build.total_price)}</p>
      {build.cart_url && (
        <a href={build.cart_url} target="_blank" rel="sponsored nofollow noopener" className="mt-4 inline-block underline">
          Compra Tutto su Amazon
        </a>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Build non trovata</h1>
      <p className="mt-4">La build richiesta non esiste.</p>
      <Link to={paths.home()} className="mt-6 inline-block underline">
        Torna alla home
      </Link>
    </main>
  );
}
