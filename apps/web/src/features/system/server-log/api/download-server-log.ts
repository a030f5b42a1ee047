import { SERVER_LOG_FILE_PATH } from '@envmon/shared';
import { api } from '../../../../lib/api';

/** Opens the file in a new window; the api client adds the token to the query (headers cannot ride along). */
export function downloadServerLog(fileName: string): void {
  // A failure has been told by the api client.
  void api.download(SERVER_LOG_FILE_PATH, { fileName }).catch(() => undefined);
}
