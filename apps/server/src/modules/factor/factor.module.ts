import type { ModuleContext } from '../module-context.js';
import { DeviceFactorRepository } from './device-factor.repository.js';
import { DeviceFactorService } from './device-factor.service.js';
import { FactorRepository } from './factor.repository.js';
import { factorRoutes } from './factor.routes.js';
import { FactorService } from './factor.service.js';

/** Factors and each device's factors; returns the factor service the threshold and virtual-device modules use. */
export function registerFactors({ app, db, configChanges }: ModuleContext): { factors: FactorService } {
  // Factor settings take effect in every running ingest pipeline at once.
  const reloadQuality = () => configChanges.changed('factors');
  const factors = new FactorService(new FactorRepository(db), reloadQuality);
  factorRoutes(app, factors, new DeviceFactorService(new DeviceFactorRepository(db), factors, reloadQuality));
  return { factors };
}
