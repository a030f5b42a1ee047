import { CONTROL_PAGES, deviceFactorEndpoints, factorEndpoints, SIGNED_IN, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { DeviceFactorService } from './device-factor.service.js';
import type { FactorService } from './factor.service.js';

const PAGE = 'settings.factor';
/** The monitor-factor page, and the device panel's factor tab. */
const READ = { permission: [PAGE, 'system.device'] };
/** A device's factors: also the factor pickers of the screens that send commands to stations. */
const DEVICE_FACTORS_READ = {
  permission: [...READ.permission, ...CONTROL_PAGES],
};
const WRITE = { permission: writeCode(PAGE) };
const DEVICE_WRITE = { permission: [writeCode(PAGE), writeCode('system.device')] };
/**
 * The spec's common reads (SPEC section 7): real-time, query and report screens name factors and
 * pick a device's factors through these, so any signed-in user may call them.
 */
const COMMON = { permission: SIGNED_IN };

export function factorRoutes(app: App, factors: FactorService, deviceFactors: DeviceFactorService): void {
  const tags = ['factor'];

  app.route({
    ...endpointRoute(factorEndpoints.list, { tags, summary: 'Monitor factors, paged, by code, name and kind' }),
    config: READ,
    handler: async (request) => ok(await factors.list(request.query)),
  });

  app.route({
    ...endpointRoute(factorEndpoints.getAll, { tags, summary: 'Every monitor factor (of a kind)' }),
    config: COMMON,
    handler: async (request) => ok(await factors.all(request.query.kind)),
  });

  app.route({
    ...endpointRoute(factorEndpoints.getAllNewFactorUnit, {
      tags,
      summary: 'Every monitor factor (of a kind) with its unit and the unit vocabulary name',
    }),
    config: COMMON,
    handler: async (request) => ok(await factors.units(request.query.kind)),
  });

  app.route({
    ...endpointRoute(factorEndpoints.add, { tags, summary: 'Add a monitor factor' }),
    config: WRITE,
    handler: async (request) => ok(await factors.add(request.body)),
  });

  app.route({
    ...endpointRoute(factorEndpoints.update, {
      tags,
      summary: 'Update a monitor factor (named by its code) and its quality parameters',
    }),
    config: WRITE,
    handler: async (request) => ok(await factors.update(request.body)),
  });

  app.route({
    ...endpointRoute(factorEndpoints.remove, {
      tags,
      summary: 'Delete a monitor factor no device uses (built-in factors stay)',
    }),
    config: { ...WRITE, operationLog: true },
    handler: async (request) => {
      await factors.remove(request.query.factorCode);
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute(deviceFactorEndpoints.list, { tags, summary: 'Device factors, paged, by device and factor' }),
    config: READ,
    handler: async (request) => ok(await deviceFactors.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceFactorEndpoints.getByDeviceId, { tags, summary: 'A device’s factors in display order' }),
    config: DEVICE_FACTORS_READ,
    handler: async (request) => ok(await deviceFactors.byDevice(request.query.deviceId, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceFactorEndpoints.update, {
      tags,
      summary: 'Replace a device’s factor list with its per-device settings',
    }),
    config: DEVICE_WRITE,
    handler: async (request) => ok(await deviceFactors.update(request.body.deviceId, request.body.factors)),
  });

  app.route({
    ...endpointRoute(deviceFactorEndpoints.getAll, { tags, summary: 'Every device factor (of a device)' }),
    config: COMMON,
    handler: async (request) => ok(await deviceFactors.all(request.query.deviceId, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceFactorEndpoints.getDeviceFactor, {
      tags,
      summary: 'deviceCode → factors, in data.data (deviceCodes: comma list; all devices when absent)',
    }),
    config: COMMON,
    handler: async (request) =>
      ok({ data: await deviceFactors.deviceFactorMap(request.query.deviceCodes, signedIn(request)) }),
  });

  app.route({
    ...endpointRoute(deviceFactorEndpoints.getFactorListByDeviceCodes, {
      tags,
      summary: 'The factors of the devices (deviceCodes: comma list), each once',
    }),
    config: COMMON,
    handler: async (request) => ok(await deviceFactors.factorsOfDevices(request.query.deviceCodes, signedIn(request))),
  });
}
