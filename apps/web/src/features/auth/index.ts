import { lazy } from 'react';

/** The auth domain's public surface: the sign-in screens (fixed routes) and the session calls the shell makes. */
export const LoginPage = lazy(() => import('./pages/login-page'));
export const OAuthPage = lazy(() => import('./pages/oauth-page'));
export const AuthRedirectPage = lazy(() => import('./pages/auth-redirect-page'));
export const PasswordPage = lazy(() => import('./pages/password-page'));
export { userInfoQueryOptions } from './api/get-user-info';
export { logout } from './api/logout';
