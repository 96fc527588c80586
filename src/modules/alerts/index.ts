/** The alerts module's face: what other code may use of it (the rest of the folder is its own). */
export { type AlertsService, createAlertsService } from './alerts.service';
export type { AlertDescription } from './confirm-and-unsubscribe';
