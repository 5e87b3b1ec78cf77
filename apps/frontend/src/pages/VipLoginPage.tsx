import { VipLoginForm } from '../features/vip/components/VipLoginForm';

/** Route `/vip-login`: VIP access (spec §2, §5, §6; issue 15). */
export default function VipLoginPage() {
  return <VipLoginForm />;
}
