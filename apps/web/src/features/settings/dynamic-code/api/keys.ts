import { dynamicCodeEndpoints } from '@envmon/shared';

/** Query keys (STYLE.md rules 7 and 16): the declared roots of the caller's status and of the guarded list. */
export const dynamicCodeKeys = {
  status: dynamicCodeEndpoints.status.key,
  guarded: dynamicCodeEndpoints.guarded.key,
};
