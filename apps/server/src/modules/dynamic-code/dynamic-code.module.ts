import type { ModuleContext } from '../module-context.js';
import { DynamicCodeService } from './dynamic-code.service.js';

/** Settings › dynamic code: enrolment, the guarded command list, and the check other modules call. */
export function registerDynamicCode({ db }: ModuleContext): { dynamicCodes: DynamicCodeService } {
  return { dynamicCodes: new DynamicCodeService(db) };
}
