import { CONTROL_PAGES, dynamicCodeEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { DynamicCodeService } from './dynamic-code.service.js';

export const DYNAMIC_CODE_PERMISSION = 'settings.dynamic-code';
/**
 * The caller's own enrolment, and which commands need a code: whoever may see this screen, or may send the
 * commands a code guards (counter control, device parameters, water station control).
 */
const OWN = {
  permission: [DYNAMIC_CODE_PERMISSION, ...CONTROL_PAGES.map(writeCode)],
};
const WRITE = { permission: writeCode(DYNAMIC_CODE_PERMISSION) };

/** Settings › dynamic code (SPEC section 7: dynamicCode get), with the enrolment's confirmation and the guarded list. */
export function dynamicCodeRoutes(app: App, dynamicCodes: DynamicCodeService): void {
  const tags = ['dynamicCode'];

  app.route({
    ...endpointRoute(dynamicCodeEndpoints.enrol, {
      tags,
      summary:
        "Starts or renews the caller's enrolment: a new secret (not confirmed) as an otpauth URI, its QR code (SVG data URL) and base32 text. Renewing a confirmed enrolment needs a current code",
    }),
    config: OWN,
    handler: async (request) => ok(await dynamicCodes.enrol(signedIn(request), request.body.code)),
  });

  app.route({
    ...endpointRoute(dynamicCodeEndpoints.confirm, {
      tags,
      summary: "Confirms the caller's enrolment with a first code of its secret; answers the status",
    }),
    config: OWN,
    handler: async (request) => ok(await dynamicCodes.confirm(signedIn(request), request.body.code)),
  });

  app.route({
    ...endpointRoute(dynamicCodeEndpoints.status, {
      tags,
      summary: "The caller's enrolment: enrolled, confirmed, locked until (never the secret)",
    }),
    config: OWN,
    handler: async (request) => ok(await dynamicCodes.status(signedIn(request))),
  });

  app.route({
    ...endpointRoute(dynamicCodeEndpoints.guarded, {
      tags,
      summary: 'The commands (HJ 212 CN) that need a dynamic code, in the catalogue order',
    }),
    config: OWN,
    handler: async () => ok(await dynamicCodes.guarded()),
  });

  app.route({
    ...endpointRoute(dynamicCodeEndpoints.updateGuarded, {
      tags,
      summary: 'Replaces the list of commands that need a dynamic code (commands of the catalogue only)',
    }),
    config: WRITE,
    handler: async (request) => ok(await dynamicCodes.updateGuarded(request.body.cns)),
  });
}
