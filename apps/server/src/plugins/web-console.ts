import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from '@envmon/shared';
import type { App } from '../app-types.js';
import { HttpError } from '../lib/errors.js';
import { API_DOCS_PATH, OPENAPI_PATH } from './openapi.js';

/** Paths that belong to the API: never answered with the console's index.html. */
const API_PREFIXES = ['/manager/', '/data/', '/dgs/', '/drsm/', '/websocket/', `${API_DOCS_PATH}/`, OPENAPI_PATH];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/**
 * Serves the built console from WEB_DIST: real files as they are (Vite's hashed assets cached
 * for a year), any other non-API GET gets index.html so that client-side routes survive a reload.
 * A file goes compressed to a browser that accepts it: the build writes brotli and gzip copies
 * beside it (apps/web/vite.config.ts), sent in its stead with Content-Encoding. Returns false
 * when there is no build to serve.
 */
export async function registerWebConsole(app: App, webDist: string): Promise<boolean> {
  const root = resolve(webDist);
  if (!existsSync(join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  app.get('/*', { config: { permission: PUBLIC }, schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) throw new HttpError(404, 'notFound');
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw new HttpError(404, 'notFound');
    }
    const file = resolve(root, `.${decoded}`);
    const isFile = file.startsWith(root + sep) && (await stat(file).catch(() => null))?.isFile() === true;
    // The same url is sent compressed or not by the request's Accept-Encoding: a cache in between keeps both.
    reply.header('vary', 'Accept-Encoding');
    if (!isFile) return reply.sendFile('index.html', { maxAge: 0 });
    const relative = file.slice(root.length + 1);
    const hashed = relative.startsWith(`assets${sep}`);
    return reply.sendFile(relative, hashed ? { maxAge: '365d', immutable: true } : { maxAge: 0 });
  });
  return true;
}
