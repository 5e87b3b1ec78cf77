import { AdminDashboard } from '../features/admin/components/AdminDashboard';

/** Route `/admin`: the leads dashboard, behind the admin token (spec §2, §4, §6). */
export default function AdminPage() {
  return <AdminDashboard />;
}
