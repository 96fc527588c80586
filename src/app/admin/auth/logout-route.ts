/** POST /admin/logout (the shell's 'Esci' form): ends the session and goes to /admin/login. No screen of its own. */
import { redirect } from 'react-router';
import { paths } from '../../../common/paths';
import { signOut } from '../session';
import type { Route } from './+types/logout-route';

export async function clientAction({ request }: Route.ClientActionArgs) {
  return signOut(request.signal);
}

/** Opened by hand: nothing to show here. */
export function clientLoader() {
  return redirect(paths.admin.home());
}

export default function AdminLogout() {
  return null;
}
