import type { FactorService } from '../factor/factor.service.js';
import type { ModuleContext } from '../module-context.js';
import { VirtualDeviceRepository } from './virtual-device.repository.js';
import { virtualDeviceRoutes } from './virtual-device.routes.js';
import { VirtualDeviceService } from './virtual-device.service.js';

/** Virtual devices; their factor codes must be known factors. */
export function registerVirtualDevices({ app, db, clock }: ModuleContext, factors: FactorService): void {
  virtualDeviceRoutes(app, new VirtualDeviceService(new VirtualDeviceRepository(db), factors, clock));
}
