import { CLICK_BEACON_PATH } from '../../common/click-beacon';
import { hookSelector } from './hooks';

/**
 * Click analytics without cookies (decision 020): a click on a counted affiliate link (a component's 'Vedi su
 * Amazon', 'Compra Tutto su Amazon') sends the link's beacon, written by the server in `data-beacon`, with
 * navigator.sendBeacon. Nothing is stored in the browser and nothing identifies the reader; the link is
 * followed as always (sendBeacon queues the request and returns at once, and the event is never cancelled).
 * A middle click opens the link too (auxclick, button 1); ctrl-, shift- and cmd-clicks are clicks.
 */
export function enhanceClickBeacons(): void {
  if (!document.querySelector(hookSelector('clickBeacon')) || !('sendBeacon' in navigator)) return;
  const send = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>(hookSelector('clickBeacon')) : null;
    const beacon = link?.dataset.beacon;
    // A string goes as text/plain: a "simple" request, with no preflight to wait for.
    if (beacon) navigator.sendBeacon(CLICK_BEACON_PATH, beacon);
  };
  document.addEventListener('click', send);
  document.addEventListener('auxclick', send);
}
