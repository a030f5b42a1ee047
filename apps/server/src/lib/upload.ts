import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from './errors.js';

/**
 * An uploaded file's chunks as they arrive. The multipart limit (LIMITS.uploadMaxBytes) stops
 * the file there and marks it truncated, sometimes only after its last chunk was handed on (when
 * the limit falls on a chunk edge); this turns that mark into the 413 '文件过大！' once the part
 * has been read, so that an oversize file is never taken as if it ended at the limit.
 */
export async function* uploadedChunks(part: MultipartFile): AsyncGenerator<Buffer> {
  for await (const chunk of part.file) yield chunk as Buffer;
  if (part.file.truncated) throw new HttpError(413, 'fileTooLarge');
}

/** The whole upload, for files kept as they are; oversize answers 413 as `uploadedChunks` says. */
export async function uploadedBuffer(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of uploadedChunks(part)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
