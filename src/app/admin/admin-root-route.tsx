/** Everything under /admin: the admin theme. The session is checked by the protected shell (admin-shell-route.tsx). */
import { Outlet } from 'react-router';
import { AdminThemeProvider } from './admin-theme';

/** Read by the root layout: no public header/footer, admin theme script. */
export const handle = { admin: true };

export default function AdminRoot() {
  return (
    <AdminThemeProvider>
      <Outlet />
    </AdminThemeProvider>
  );
}
