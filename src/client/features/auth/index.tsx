export { LoginPage } from './login-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
