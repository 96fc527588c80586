import { data, Link } from 'react-router';
import { paths } from '../../common/paths';

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Pagina non trovata' }];
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <p className="text-7xl font-extrabold">104</p>
      <h1 className="mt-4 text-3xl font-bold">Pagina non trovata</h1>
      <p className="mt-6 flex justify-center gap-6">
        <Link to={paths.home()} className="underline">
          Torna alla home
        </Link>
        <Link to={paths.builds()} className="underline">
          Vedi le build
        </Link>
      </p>
    </main>
  );
}
