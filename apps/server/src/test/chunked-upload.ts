import { Readable } from 'node:stream';

export const UPLOAD_BOUNDARY = 'envmon-upload-boundary';

/**
 * A multipart upload of a `size`-byte file sent the way a socket delivers it: in 64 KiB chunks,
 * after any plain `fields`. An upload of whole chunks past the limit ends exactly on a chunk
 * edge, so the multipart parser marks the file truncated after its last byte was handed on — the
 * case that was once read as a complete file. The content starts like a zip, as a renamed or
 * damaged xlsx would.
 */
export function chunkedUpload(size: number, fileName: string, fields: Record<string, string> = {}): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const first = Buffer.from(chunk);
  first.set([0x50, 0x4b, 0x03, 0x04]);
  const field = ([name, value]: [string, string]) =>
    `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Readable.from(
    (function* parts() {
      yield Buffer.from(
        Object.entries(fields).map(field).join('') +
          `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      for (let sent = 0; sent < size; sent += chunk.length) yield sent === 0 ? first : chunk;
      yield Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`);
    })(),
    { objectMode: false },
  );
}

export const chunkedUploadHeaders = (token: string) => ({
  'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
  token,
});
