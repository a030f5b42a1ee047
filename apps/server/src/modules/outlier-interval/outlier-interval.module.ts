import type { ModuleContext } from '../module-context.js';
import { OutlierIntervalRepository } from './outlier-interval.repository.js';
import { outlierIntervalRoutes } from './outlier-interval.routes.js';
import { OutlierIntervalService } from './outlier-interval.service.js';

/**
 * Water station › outlier interval. The intervals are part of the ingest's quality catalogue (topic 'factors'):
 * a change reloads it in this process before the route answers, and in the others through the bus.
 */
export function registerOutlierIntervals({ app, db, clock, configChanges }: ModuleContext): void {
  const service = new OutlierIntervalService(new OutlierIntervalRepository(db), clock, () =>
    configChanges.changed('factors'),
  );
  outlierIntervalRoutes(app, service);
}
