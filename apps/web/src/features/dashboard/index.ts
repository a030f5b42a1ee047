/**
 * The dashboards (issue 17): the home page's two variants (/index) and the monitoring wall
 * (/dashboard/index), both drawn from one getDashboardInfoByUserId snapshot kept current by the push.
 */
export { HomeDashboard } from './pages/home-dashboard';
export { WallDashboard } from './pages/wall-dashboard';
