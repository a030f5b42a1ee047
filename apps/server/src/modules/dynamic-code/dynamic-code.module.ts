import type { ModuleContext } from '../module-context.js';
import { DynamicCodeRepository } from './dynamic-code.repository.js';
import { dynamicCodeRoutes } from './dynamic-code.routes.js';
import { DynamicCodeService } from './dynamic-code.service.js';

/** Settings › dynamic code: enrolment, the guarded command list, and the check other modules call. */
export function registerDynamicCode({ app, db, clock, services }: ModuleContext): { dynamicCodes: DynamicCodeService } {
  const dynamicCodes = new DynamicCodeService(new DynamicCodeRepository(db), clock, services.logs);
  dynamicCodeRoutes(app, dynamicCodes);
  return { dynamicCodes };
}
