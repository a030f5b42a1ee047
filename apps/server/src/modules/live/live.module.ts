import type { ModuleContext } from '../module-context.js';
import { liveRoutes } from './live.routes.js';
import { LiveAccessService } from './live.service.js';

/** Live push to the consoles; none in a gateway-only process of a cluster, which serves no consoles. */
export async function registerLive({ app, services, deviceScopes, servesHttp }: ModuleContext): Promise<void> {
  if (!servesHttp) return;
  await liveRoutes(app, new LiveAccessService(services.sessions, services.roles, deviceScopes));
}
