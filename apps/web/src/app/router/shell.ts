/**
 * The signed-in console: building the session from the user's roles (the page registry, every
 * domain's screens and icons), the layout and the menu's routes. One chunk, loaded once there is a
 * token, beside the user's info, so that the login page downloads none of it (scripts/bundle-budget.mjs).
 */
export { MainLayout } from '../layout/main-layout';
export { buildSession, isOutsideMenu, routeRolesFor } from '../session';
export { MenuRoutes } from './menu-routes';
