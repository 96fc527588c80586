import { siteFromMatches } from '../../seo';
import { adminMeta, ComingSoon } from '../../admin/ui';
import type { Route } from './+types/alternatives';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Alternative', siteFromMatches(matches).siteName);
}

export default function AdminAlternatives() {
  return <ComingSoon title="Gestione Alternative Componenti" />;
}
