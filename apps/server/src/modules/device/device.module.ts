import type { ModuleContext } from '../module-context.js';
import { DeviceDetailRepository } from './device-detail.repository.js';
import { deviceDetailRoutes } from './device-detail.routes.js';
import { DeviceDetailService } from './device-detail.service.js';
import { DeviceSyncService, SYNC_COMMAND_OPTIONS } from './device-detail.sync.js';
import { DeviceStatusRepository } from './device-status.repository.js';
import { DeviceTransferRepository } from './device-transfer.repository.js';
import { deviceTransferRoutes } from './device-transfer.routes.js';
import { DeviceTransferService } from './device-transfer.service.js';
import { DeviceRepository } from './device.repository.js';
import { deviceRoutes } from './device.routes.js';
import { DeviceService } from './device.service.js';

/** Devices: import and export, the device list and form, the detail panel and its sync to the station. */
export function registerDevices({
  app,
  db,
  clock,
  configChanges,
  downloads,
  stationCommands,
  commandOptions,
}: ModuleContext): void {
  deviceTransferRoutes(
    app,
    // Imported codes may have been sent before, while unknown: the gateway's directory forgets that.
    new DeviceTransferService(new DeviceTransferRepository(db), clock, (codes) => {
      void configChanges.changed('stations', [...codes]);
    }),
    downloads,
  );
  // An edited device (its password, its code) is looked up afresh by every gateway.
  const stationCache = { forget: (code: string) => void configChanges.changed('stations', [code]) };
  const devices = new DeviceService(new DeviceRepository(db), clock, () => stationCache);
  deviceRoutes(app, devices);
  deviceDetailRoutes(
    app,
    new DeviceDetailService(new DeviceDetailRepository(db), new DeviceStatusRepository(db), devices, clock),
    new DeviceSyncService(
      devices,
      stationCommands,
      clock,
      // Tests that shorten the gateway's command waits shorten sync's too.
      commandOptions ?? SYNC_COMMAND_OPTIONS,
    ),
  );
}
