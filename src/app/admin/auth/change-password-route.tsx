/**
 * /admin/change-password (product spec, "Change password", "Validation rules", "Error catalogue"): the form and its
 * route action.
 */
import { changePasswordAction } from './change-password-data';
import { ChangePasswordScreen } from './change-password-screen';
import { adminMeta } from '../ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/change-password-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Cambia Password', siteFromMatches(matches).siteName);
}

export function clientAction({ request }: Route.ClientActionArgs) {
  return changePasswordAction(request);
}

export default function ChangePassword() {
  return <ChangePasswordScreen />;
}
