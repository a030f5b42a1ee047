import { lazyPage } from '../../lib/lazy-page';

/** The system domain's public surface. Screens: system.<screen> → ./<screen>/pages/<screen>-page (system.device is features/device). */
export const UserPage = lazyPage(() => import('./user/pages/user-page'));
export const RolePage = lazyPage(() => import('./role/pages/role-page'));
export const ResourcePage = lazyPage(() => import('./resource/pages/resource-page'));
export const DictionaryPage = lazyPage(() => import('./dictionary/pages/dictionary-page'));
export const LogPage = lazyPage(() => import('./log/pages/log-page'));
export const ServerLogPage = lazyPage(() => import('./server-log/pages/server-log-page'));
export const JobPage = lazyPage(() => import('./job/pages/job-page'));
