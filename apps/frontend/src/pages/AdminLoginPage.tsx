import { AdminLoginForm } from '../features/admin/components/AdminLoginForm';

/** Route `/admin-login`: the admin login form. */
export default function AdminLoginPage() {
  return <AdminLoginForm />;
}
