import { AuthPage } from './AuthPage';

/** /auth/login */
export default function LoginPage() {
  return <AuthPage view="login" />;
}
