import { api } from '../../../../lib/api';
import { SYSTEM_URLS } from '../../api/urls';

/** Opens the file in a new window; the api client adds the token to the query (headers cannot ride along). */
export function downloadServerLog(fileName: string): void {
  // A failure has been told by the api client.
  void api.download(SYSTEM_URLS.serverLogFile, { fileName }).catch(() => undefined);
}
