/**
 * /avvisi/conferma/{token}: the double opt-in. GET only shows a button (mail scanners prefetch
 * links: opening must not confirm); its POST confirms, idempotently. A link that names no live alert
 * answers 404 with a page saying so.
 */
import { data } from 'react-router';
import { PRIVACY_NOTE } from '../../../modules/alerts/alerts.schema';
import { ALERT_PAGE_META, AlertButton, AlertPage, BuildLink, describeAlert, InvalidLink } from './alert-page';
import type { Route } from './+types/alert-confirm-route';

export async function loader({ params, context }: Route.LoaderArgs) {
  const alert = await context.services.alerts.describeConfirmation(params.token);
  if (!alert) return data({ alert: null }, { status: 404 });
  return { alert };
}

export async function action({ params, context }: Route.ActionArgs) {
  const alert = await context.services.alerts.confirm(params.token);
  if (!alert) return data({ alert: null, confirmed: false }, { status: 404 });
  return { alert, confirmed: true };
}

/** The page's address carries the alert's token: no browser or proxy may keep a copy. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export function meta() {
  return ALERT_PAGE_META;
}

export default function AlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const alert = actionData ? actionData.alert : loaderData.alert;
  if (!alert) return <InvalidLink />;
  if (alert.status === 'active') {
    return (
      <AlertPage title="Avviso confermato">
        <p>Ti scriveremo {describeAlert(alert)}.</p>
        <p>{PRIVACY_NOTE}</p>
        <p>
          <BuildLink alert={alert} />
        </p>
      </AlertPage>
    );
  }
  return (
    <AlertPage title="Conferma l'avviso">
      <p>Hai chiesto di essere avvisato {describeAlert(alert)}.</p>
      <AlertButton>Conferma</AlertButton>
      <p className="text-sm">{PRIVACY_NOTE}</p>
    </AlertPage>
  );
}
