import type { ModuleContext } from '../module-context.js';
import { DashboardRepository } from './dashboard.repository.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { DashboardService } from './dashboard.service.js';

/** Settings › dashboard, and the figures of the home page and the monitoring wall. */
export function registerDashboards({ app, db, clock, services }: ModuleContext): void {
  const roles = services.roles;
  dashboardRoutes(app, new DashboardService(new DashboardRepository(db), (userId) => roles.accessOf(userId), clock));
}
