/** Everything under /admin: the admin theme and the session, client-side (token in localStorage). */
import { Outlet } from 'react-router';
import { AdminThemeProvider } from '../../admin/admin-theme';
import { AuthProvider } from '../../admin/auth-context';

/** Read by the root layout: no public header/footer, admin theme script. */
export const handle = { admin: true };

export default function AdminRoot() {
  return (
    <AdminThemeProvider>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </AdminThemeProvider>
  );
}
