import { VerifyEmailCard } from '../features/auth/components/VerifyEmailCard';

/** Route `/verify-email?token=…`: the link that confirms an account's e-mail address. */
export default function VerifyEmailPage() {
  return <VerifyEmailCard />;
}
