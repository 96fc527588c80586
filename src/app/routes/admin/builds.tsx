import { siteFromMatches } from '../../seo';
import { adminMeta, ComingSoon } from '../../admin/ui';
import type { Route } from './+types/builds';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Build', siteFromMatches(matches).siteName);
}

export default function AdminBuilds() {
  return <ComingSoon title="Build" />;
}
