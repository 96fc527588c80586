/** What the "Avvisi" screen reads (the alerts, whether the retailer is configured) and its one write (the erase). */
import type { AdminAlertList } from '../../../modules/alerts/alerts.schema';
import { alertsApi, attempt, errorMessage } from '../api';
import { loadRetailerStatus, type RetailerStatus } from '../builds/editor/retailer/retailer-data';
import { formText } from '../form-data';
import { ALERTS_TEXT, erasedMessage } from './alerts-text';

export interface AlertsData {
  /** null when the list could not be loaded; `error` then says why. */
  list: AdminAlertList | null;
  error: string | null;
  retailer: RetailerStatus;
}

export async function loadAlerts(signal: AbortSignal): Promise<AlertsData> {
  const [list, retailer] = await Promise.all([attempt(alertsApi.list(signal)), loadRetailerStatus(signal)]);
  return list.ok ? { list: list.data, error: null, retailer } : { list: null, error: errorMessage(list.error, ALERTS_TEXT.loadFailed), retailer };
}

export interface EraseOutcome {
  tone: 'success' | 'error';
  text: string;
}

/** The route action: erases every alert of the form's `email` (the server reads the address; it is never echoed). */
export async function eraseAction(request: Request): Promise<EraseOutcome> {
  const email = formText(await request.formData(), 'email').trim();
  if (!email) return { tone: 'error', text: ALERTS_TEXT.eraseEmpty };
  const result = await attempt(alertsApi.erase(email, request.signal));
  if (!result.ok) return { tone: 'error', text: errorMessage(result.error, ALERTS_TEXT.eraseFailed) };
  return { tone: 'success', text: erasedMessage(result.data) };
}
