import { AdminDashboard } from '../features/admin/components/AdminDashboard';

/** Route `/admin`: the leads dashboard, behind the admin token. */
export default function AdminPage() {
  return <AdminDashboard />;
}
