import { api } from '../../../../lib/api';

/** One file's bytes (SPEC section 7 '/system/serverLog'): a download, not an envelope, so no shared endpoint. */
const SERVER_LOG_FILE_URL = '/manager/system/serverLog/rest/get';

/** Opens the file in a new window; the api client adds the token to the query (headers cannot ride along). */
export function downloadServerLog(fileName: string): void {
  // A failure has been told by the api client.
  void api.download(SERVER_LOG_FILE_URL, { fileName }).catch(() => undefined);
}
