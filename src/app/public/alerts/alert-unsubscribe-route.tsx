/**
 * /avvisi/annulla/{token}: ending an alert. GET shows a button; a POST, whatever its body
 * (RFC 8058 `List-Unsubscribe=One-Click` from a mail client, or the button), ends it at once and answers
 * 200 without a login. Ending an alert already ended answers the same.
 *
 * A link that names no alert answers 200 too, with a page saying so: after a POST React Router runs the
 * loader again and answers with its status, so a 404 there would turn every one-click answer into a 404.
 */
import { ALERT_PAGE_META, AlertButton, AlertPage, BuildLink, describeAlert, InvalidLink } from './alert-page';
import type { Route } from './+types/alert-unsubscribe-route';

export async function loader({ params, context }: Route.LoaderArgs) {
  const alert = await context.services.alerts.describeUnsubscribe(params.token);
  return { alert };
}

export async function action({ params, context }: Route.ActionArgs) {
  await context.services.alerts.unsubscribe(params.token);
  return { unsubscribed: true };
}

/** The page's address carries the alert's token: no browser or proxy may keep a copy. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export function meta() {
  return ALERT_PAGE_META;
}

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.unsubscribed) {
    return (
      <AlertPage title="Avviso annullato">
        <p>Non riceverai altre email per questo avviso, e il tuo indirizzo non è più conservato per esso.</p>
      </AlertPage>
    );
  }
  const alert = loaderData.alert;
  if (!alert) return <InvalidLink />;
  return (
    <AlertPage title="Annulla l'avviso">
      <p>Questo avviso ti scrive {describeAlert(alert)}.</p>
      <AlertButton>Annulla l&apos;avviso</AlertButton>
      <p>
        <BuildLink alert={alert} />
      </p>
    </AlertPage>
  );
}
