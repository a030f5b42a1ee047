import { CameraRepository } from './camera/camera.repository.js';
import { cameraRoutes } from './camera/camera.routes.js';
import { CameraService } from './camera/camera.service.js';
import { DevopsRepository } from './devops/devops.repository.js';
import { devopsRoutes } from './devops/devops.routes.js';
import { DevopsService } from './devops/devops.service.js';
import { IotCardRepository } from './iot-card/iot-card.repository.js';
import { iotCardRoutes } from './iot-card/iot-card.routes.js';
import { IotCardService } from './iot-card/iot-card.service.js';
import type { ModuleContext } from './module-context.js';

/** What is recorded beside the stations: their cameras, IoT cards and maintenance. */
export function registerStationRecords({ app, db, dialect, clock }: ModuleContext): void {
  cameraRoutes(app, new CameraService(new CameraRepository(db), clock));
  iotCardRoutes(app, new IotCardService(new IotCardRepository(db), clock));
  // Settings › DevOps: maintenance records with their attachments (stored in the database).
  devopsRoutes(app, new DevopsService(new DevopsRepository(db, dialect), clock));
}
