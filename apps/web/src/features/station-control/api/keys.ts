import { counterControlEndpoints } from '@envmon/shared';
import { endpointKey } from '../../../lib/endpoint';

/**
 * The commands' query keys (STYLE.md rules 7 and 16), for every screen that sends or watches them: all under the
 * declared root ['countercontrol'], which a command queued anywhere invalidates.
 */
export const commandKeys = {
  all: counterControlEndpoints.get.key,
  /** A read of the command list, told from others by `parts` (a page's query, one station's latest …). */
  list: <const Parts extends readonly unknown[]>(...parts: Parts) => endpointKey(counterControlEndpoints.get, ...parts),
  /** One command's exchange and answer uploads. */
  exchange: (id: number) => endpointKey(counterControlEndpoints.uploadList, id),
};
