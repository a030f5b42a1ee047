import type { ModuleContext } from '../module-context.js';
import { RegularRepository } from './regular.repository.js';
import { regularRoutes } from './regular.routes.js';
import { RegularService } from './regular.service.js';

/** Settings › regular: the data rules' routes (the ingest reads the rules itself: ingest/data-rule-catalogue.ts). */
export function registerRegular({ app, db, clock, deviceScopes, configChanges }: ModuleContext): void {
  regularRoutes(app, new RegularService(new RegularRepository(db), deviceScopes, configChanges, clock));
}
