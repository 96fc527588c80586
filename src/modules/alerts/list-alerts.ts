/**
 * The admin's list of alerts: each unexpired alert's target, state and dates, grouped by build beside
 * the build's total today, so a target typed wrong (1,15 € for 1.150 €) stands out. No address is read.
 */
import type { Kysely } from 'kysely';
import { centsToEuro } from '../../common/money';
import type { Database } from '../../db/tables';
import type { BuildsService } from '../builds';
import type { Clock } from '../clock';
import { type AlertForAdmin, listAlertsForAdmin } from './alerts.repository';
import { type AdminAlert, type AdminAlertList, MAX_ADMIN_LISTED_ALERTS } from './alerts.schema';

function toAdminAlert(row: AlertForAdmin): AdminAlert {
  return {
    id: row.id,
    kind: row.component_id === null ? 'price' : 'stock',
    component_name: row.component_name,
    target: centsToEuro(row.max_total_cents),
    status: row.status === 'active' ? 'active' : 'pending',
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
    expires_at: row.expires_at,
  };
}

export function createAdminAlertList(deps: { db: Kysely<Database>; clock: Clock; builds: Pick<BuildsService, 'findPublished'>; mailEnabled: () => boolean }) {
  /** Today's total of a public build; null when it is no longer public (retention deletes its alerts). */
  async function totalOf(slug: string): Promise<number | null> {
    return (await deps.builds.findPublished(slug))?.total_price ?? null;
  }

  async function listForAdmin(): Promise<AdminAlertList> {
    const rows = await listAlertsForAdmin(deps.db, deps.clock.now().toISOString(), MAX_ADMIN_LISTED_ALERTS);
    const truncated = rows.length > MAX_ADMIN_LISTED_ALERTS;
    const builds = new Map<number, AdminAlertList['builds'][number]>();
    for (const row of rows.slice(0, MAX_ADMIN_LISTED_ALERTS)) {
      const build = builds.get(row.build_id) ?? { build_id: row.build_id, slug: row.slug, title: row.title, total: null, alerts: [] };
      build.alerts.push(toAdminAlert(row));
      builds.set(row.build_id, build);
    }
    // One read per build with alerts: the totals the public page shows, computed the one way it does.
    for (const build of builds.values()) build.total = await totalOf(build.slug);
    return { builds: [...builds.values()], truncated, mail_enabled: deps.mailEnabled() };
  }

  return { listForAdmin };
}
