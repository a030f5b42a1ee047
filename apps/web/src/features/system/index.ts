import { lazy } from 'react';

/** The system domain's public surface. Screens: system.<screen> → ./<screen>/pages/<screen>-page (system.device is features/device). */
export const UserPage = lazy(() => import('./user/pages/user-page'));
export const RolePage = lazy(() => import('./role/pages/role-page'));
export const ResourcePage = lazy(() => import('./resource/pages/resource-page'));
export const DictionaryPage = lazy(() => import('./dictionary/pages/dictionary-page'));
export const LogPage = lazy(() => import('./log/pages/log-page'));
export const ServerLogPage = lazy(() => import('./server-log/pages/server-log-page'));
export const JobPage = lazy(() => import('./job/pages/job-page'));
