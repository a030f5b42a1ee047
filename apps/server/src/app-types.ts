import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
// The augmentation travels with the App type into dist/*.d.ts, for the benchmarks and tools that import the app.
import './types/fastify.js';

/** The Fastify instance with zod schemas as the type provider, as every route module receives it. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>;
