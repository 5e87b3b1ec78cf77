import { VipLoginForm } from '../features/vip/components/VipLoginForm';

/** Route `/vip-login`: VIP access. */
export default function VipLoginPage() {
  return <VipLoginForm />;
}
