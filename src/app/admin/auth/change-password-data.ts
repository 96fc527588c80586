/**
 * The change-password screen's route action (product spec, "Screens and routes", "Validation rules",
 * "Error catalogue"): the password change, checked here in the spec's order before any request, and
 * "Esci da tutti i dispositivi". Each form posts its `intent`.
 */
import { redirect } from 'react-router';
import { PASSWORD_MESSAGES, passwordViolations } from '../../../common/password-rules';
import { paths } from '../../../common/paths';
import { attempt, authApi, clearToken, errorDetails, errorMessage } from '../api';
import { formText } from '../form-data';

export const PASSWORD_INTENT = { change: 'change-password', logoutEverywhere: 'logout-everywhere' } as const;

export const PASSWORD_FIELDS = { current: 'currentPassword', next: 'newPassword', confirm: 'confirmPassword' } as const;

const FALLBACK_ERROR = 'Errore durante il cambio password';
export const LOGOUT_ALL_ERROR = 'Non è stato possibile uscire da tutti i dispositivi. Riprova.';

export type ChangePasswordResult =
  | { intent: typeof PASSWORD_INTENT.change; changed: true }
  | { intent: typeof PASSWORD_INTENT.change; changed: false; message: string; details: string[] }
  | { intent: typeof PASSWORD_INTENT.logoutEverywhere; error: string };

function refused(message: string, details: string[] = []): ChangePasswordResult {
  return { intent: PASSWORD_INTENT.change, changed: false, message, details };
}

async function changePassword(form: FormData, signal: AbortSignal): Promise<ChangePasswordResult> {
  const current = formText(form, PASSWORD_FIELDS.current);
  const next = formText(form, PASSWORD_FIELDS.next);
  const confirm = formText(form, PASSWORD_FIELDS.confirm);
  if (!current) return refused(PASSWORD_MESSAGES.currentRequired);
  const violations = passwordViolations(next);
  if (violations.length > 0) return refused(PASSWORD_MESSAGES.weak, violations);
  if (next !== confirm) return refused(PASSWORD_MESSAGES.mismatch);
  if (next === current) return refused(PASSWORD_MESSAGES.mustDiffer);
  const result = await attempt(authApi.changePassword(current, next, signal));
  if (!result.ok) return refused(errorMessage(result.error, FALLBACK_ERROR), errorDetails(result.error));
  return { intent: PASSWORD_INTENT.change, changed: true };
}

/** Every session of the author ends, this one included: the token goes and the login page opens. */
async function logoutEverywhere(signal: AbortSignal): Promise<ChangePasswordResult | Response> {
  const result = await attempt(authApi.logoutEverywhere(signal));
  if (!result.ok) return { intent: PASSWORD_INTENT.logoutEverywhere, error: errorMessage(result.error, LOGOUT_ALL_ERROR) };
  clearToken();
  return redirect(paths.admin.login());
}

/** What the screen shows, or (after "Esci da tutti i dispositivi") the redirect to the login page. */
export async function changePasswordAction(request: Request): Promise<ChangePasswordResult | Response> {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  if (intent === PASSWORD_INTENT.change) return changePassword(form, request.signal);
  if (intent === PASSWORD_INTENT.logoutEverywhere) return logoutEverywhere(request.signal);
  // Only a hand-made request gets here.
  return refused('Azione non valida');
}
