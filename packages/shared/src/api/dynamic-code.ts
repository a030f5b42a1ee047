import {
  dynamicCodeConfirmInputSchema,
  dynamicCodeEnrolInputSchema,
  dynamicCodeEnrolmentSchema,
  dynamicCodeStatusSchema,
  guardedCommandsInputSchema,
  guardedCommandsSchema,
} from '../schemas/dynamic-code.js';
import { defineEndpoint } from './endpoint.js';

const DYNAMIC_CODE_PATH = '/manager/settings/dynamicCode/rest';

/** Settings › dynamic code (SPEC section 7: dynamicCode get), the caller's enrolment and the guarded commands. */
export const dynamicCodeEndpoints = {
  /**
   * Starts or renews the caller's enrolment (a new secret, not yet confirmed); answers what an authenticator
   * app needs. Renewing a confirmed enrolment needs a current code (`code`).
   */
  enrol: defineEndpoint({
    method: 'POST',
    path: `${DYNAMIC_CODE_PATH}/get`,
    body: dynamicCodeEnrolInputSchema,
    response: dynamicCodeEnrolmentSchema,
  }),
  /** Confirms the caller's enrolment with a first code; answers the status. */
  confirm: defineEndpoint({
    method: 'POST',
    path: `${DYNAMIC_CODE_PATH}/confirm`,
    body: dynamicCodeConfirmInputSchema,
    response: dynamicCodeStatusSchema,
  }),
  /** The caller's enrolment, without its secret; cached under ['dynamicCode', 'status']. */
  status: defineEndpoint({
    method: 'GET',
    path: `${DYNAMIC_CODE_PATH}/status`,
    response: dynamicCodeStatusSchema,
    key: ['dynamicCode', 'status'],
  }),
  /** The commands that need a code; cached under ['dynamicCode', 'guarded']. */
  guarded: defineEndpoint({
    method: 'GET',
    path: `${DYNAMIC_CODE_PATH}/guarded`,
    response: guardedCommandsSchema,
    key: ['dynamicCode', 'guarded'],
  }),
  /** Replaces the list of commands that need a code; answers the list stored. */
  updateGuarded: defineEndpoint({
    method: 'POST',
    path: `${DYNAMIC_CODE_PATH}/guarded`,
    body: guardedCommandsInputSchema,
    response: guardedCommandsSchema,
  }),
};
