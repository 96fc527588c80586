import { siteFromMatches } from '../../seo';
import { adminMeta, ComingSoon } from '../../admin/ui';
import type { Route } from './+types/replacements';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Sostituzioni', siteFromMatches(matches).siteName);
}

export default function AdminReplacements() {
  return <ComingSoon title="Gestione Sostituzioni" />;
}
