import { deployRoutes } from './deploy/deploy.routes.js';
import { dictionaryRoutes } from './dictionary/dictionary.routes.js';
import { clientErrorRoutes } from './client-error/client-error.routes.js';
import { logRoutes } from './log/log.routes.js';
import type { ModuleContext } from './module-context.js';
import { passwordRoutes } from './password/password.routes.js';
import { resourceRoutes } from './resource/resource.routes.js';
import { roleRoutes } from './role/role.routes.js';
import { serverLogRoutes } from './server-log/server-log.routes.js';
import { userRoutes } from './user/user.routes.js';

/** System management (users, roles, resources, dictionary, logs, deployment) on the services createServices built. */
export function registerSystem({ app, services, downloads }: ModuleContext): void {
  userRoutes(app, services.users, downloads);
  roleRoutes(app, services.roles, downloads);
  resourceRoutes(app, services.resources, downloads);
  dictionaryRoutes(app, services.dictionary, downloads);
  passwordRoutes(app, services.passwords);
  logRoutes(app, services.logs);
  serverLogRoutes(app, services.serverLogs);
  clientErrorRoutes(app, services.clientErrors);
  deployRoutes(app, services.deployClassify, services.deviceDeploy);
}
