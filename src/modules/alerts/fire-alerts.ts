/**
 * Alerts fire from the price engine: after a refresh stored answers, the pricing job
 * calls evaluateForAsins with the ASINs it refreshed, in the same job run. The active alerts of the
 * public builds holding those ASINs as components are checked against the build as its public page shows
 * it (builds.findPublished: the same total, the same unavailable parts), never a second formula.
 *
 * Firing is one transaction per alert: a fresh unsubscribe token for the mail's headers, the DELETE that
 * ends the alert (the claim: with two instances evaluating at once, only the transaction whose delete
 * removed the row enqueues), and the mail in the outbox. Nothing of the alert is kept.
 */
import { absoluteUrl } from '../../common/absolute-url';
import { isKnownUnavailable } from '../../common/availability';
import { errorMessageForLog } from '../../common/log-text';
import { paths } from '../../common/paths';
import type { BuildPublic } from '../builds';
import { hashSecretToken, newSecretToken } from '../secrets';
import { listUnsubscribeHeaders, unsubscribeUrl } from './alert-tokens';
import { alertMail } from './alert-mail';
import { type AlertToEvaluate, deleteActiveAlert, findActiveAlertsOfAsins, replaceUnsubscribeHash } from './alerts.repository';
import type { SubscribeDeps } from './subscribe-to-alert';

export interface EvaluationOutcome {
  evaluated: number;
  fired: number;
  /** Alerts whose mail could not be written: each logged by id, left active, the others still fired. */
  failed: number;
}

/** Whether the alert's condition holds on the build as visitors see it now. */
export function alertHolds(alert: Pick<AlertToEvaluate, 'component_id' | 'max_total_cents'>, build: BuildPublic): boolean {
  if (alert.component_id !== null) {
    const component = build.components.find((c) => c.id === alert.component_id);
    // The alert was taken because the part was unavailable: a known availability that is not "unavailable" ends it.
    return component !== undefined && component.availability !== null && !isKnownUnavailable(component.availability);
  }
  return alert.max_total_cents !== null && Math.round(build.total_price * 100) <= alert.max_total_cents;
}

export function createAlertFiring(deps: SubscribeDeps) {
  const { db, clock, config, builds, mail } = deps;

  /** Ends the alert and enqueues its mail, once; false when another evaluation (or an unsubscribe) got there first. */
  async function fire(alert: AlertToEvaluate, build: BuildPublic, refreshed: ReadonlySet<string>): Promise<boolean> {
    const component = alert.component_id === null ? null : build.components.find((c) => c.id === alert.component_id) ?? null;
    const prices = build.components
      .filter((c) => c.asin !== null && refreshed.has(c.asin) && c.price !== null && !c.owned)
      .map((c) => ({ name: c.name, price: c.price!, priceUpdatedAt: c.price_updated_at, lowest30d: c.lowest_price_30d }));
    const token = newSecretToken();
    const content = alertMail({
      siteName: config.siteName,
      buildTitle: build.title,
      buildUrl: absoluteUrl(paths.build(build.slug), config.publicBaseUrl),
      total: build.total_price,
      maxTotalCents: alert.max_total_cents,
      componentName: component?.name ?? null,
      prices,
      cartUrl: build.cart_url,
      unsubscribeUrl: unsubscribeUrl(config.publicBaseUrl, token),
    });
    const nowIso = clock.now().toISOString();
    return db.transaction().execute(async (trx) => {
      // The mail's link names this alert until the delete below; after it, an unsubscribe POST still answers 2xx.
      if (!(await replaceUnsubscribeHash(trx, alert.id, hashSecretToken(token)))) return false;
      if (!(await deleteActiveAlert(trx, alert.id))) return false;
      await mail.enqueue(trx, { kind: 'alert', to: alert.email, ...content, headers: listUnsubscribeHeaders(config.publicBaseUrl, token) }, nowIso);
      return true;
    });
  }

  /** Evaluates the alerts of the builds holding `asins` (refreshed just now) and fires those that hold. */
  async function evaluateForAsins(asins: readonly string[]): Promise<EvaluationOutcome> {
    const outcome: EvaluationOutcome = { evaluated: 0, fired: 0, failed: 0 };
    if (asins.length === 0) return outcome;
    const alerts = await findActiveAlertsOfAsins(db, [...new Set(asins)], clock.now().toISOString());
    const refreshed = new Set(asins);
    const bySlug = new Map<string, AlertToEvaluate[]>();
    for (const alert of alerts) bySlug.set(alert.slug, [...(bySlug.get(alert.slug) ?? []), alert]);
    for (const [slug, ofBuild] of bySlug) {
      // Unpublished between the query and the read: not evaluated (retention deletes its alerts).
      const build = await builds.findPublished(slug);
      if (!build) continue;
      for (const alert of ofBuild) {
        outcome.evaluated += 1;
        if (!alertHolds(alert, build)) continue;
        try {
          if (await fire(alert, build, refreshed)) outcome.fired += 1;
        } catch (error) {
          // One alert whose mail cannot be written (the outbox refuses a header it cannot make safe) must
          // not keep the others, on this build or another sharing the part, from going out: its transaction
          // rolled back, so it stays active and is tried again at the next refresh. Logged by id, never by
          // address (the address is personal data, decision 032).
          outcome.failed += 1;
          console.error(`[avvisi] avviso ${alert.id} non inviato: ${errorMessageForLog(error)}`);
        }
      }
    }
    if (outcome.fired > 0) mail.kick();
    return outcome;
  }

  return { evaluateForAsins };
}
