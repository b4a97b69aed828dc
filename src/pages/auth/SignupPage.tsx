import { AuthPage } from './AuthPage';

/** /auth/signup */
export default function SignupPage() {
  return <AuthPage view="signup" />;
}
