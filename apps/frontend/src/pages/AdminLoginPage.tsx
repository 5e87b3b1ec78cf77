import { AdminLoginForm } from '../features/admin/components/AdminLoginForm';

/** Route `/admin-login`: the admin login form (spec §2, §5). */
export default function AdminLoginPage() {
  return <AdminLoginForm />;
}
