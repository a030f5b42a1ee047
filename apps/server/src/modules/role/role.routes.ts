import { CRUD } from '@envmon/shared';
import type { App } from '../../app-types.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { crudRoutes } from '../crud/crud.routes.js';
import type { RoleService } from './role.service.js';

export function roleRoutes(app: App, roles: RoleService, downloads: XlsxDownloads): void {
  crudRoutes(app, CRUD.role, roles, downloads);
}
