/** /avvisi/inviato: where the subscribe form lands without JavaScript. Says the same whatever happened (no enumeration). */
import { PRIVACY_NOTE } from '../../../modules/alerts/alerts.schema';
import { ALERT_PAGE_META, AlertPage } from './alert-page';

/**
 * The landing of a form post (one step of a visitor's own action), not a page to keep or revalidate: like the
 * token pages, no browser or proxy keeps a copy, so the Back button never shows a stale step.
 */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export function meta() {
  return ALERT_PAGE_META;
}

export default function AlertSent() {
  return (
    <AlertPage title="Controlla la tua email">
      <p>Se l&apos;indirizzo è valido, riceverai un&apos;email con un link per confermare l&apos;avviso. Il link vale 48 ore.</p>
      <p className="text-sm">{PRIVACY_NOTE}</p>
    </AlertPage>
  );
}
