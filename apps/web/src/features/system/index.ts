import { lazy } from 'react';

/** The system domain's public surface. Screens: system.<screen> → ./pages/<screen>-page (system.device is features/device). */
export const UserPage = lazy(() => import('./pages/user-page'));
export const RolePage = lazy(() => import('./pages/role-page'));
export const ResourcePage = lazy(() => import('./pages/resource-page'));
export const DictionaryPage = lazy(() => import('./pages/dictionary-page'));
export const LogPage = lazy(() => import('./pages/log-page'));
export const ServerLogPage = lazy(() => import('./pages/server-log-page'));
