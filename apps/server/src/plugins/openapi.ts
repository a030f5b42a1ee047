import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PUBLIC } from '@envmon/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types.js';
import { registerWithPermission } from './route-permissions.js';

export const OPENAPI_PATH = '/openapi.json';
export const API_DOCS_PATH = '/api-docs';

const DESCRIPTION = [
  'The envmon HTTP API. Every JSON response is the envelope `{status, code, desc, data}`:',
  "success is status 200 / code '000000'; failure is status -1 / code '000001' with the reason in `desc`.",
  'Domain failures (wrong password, duplicate name…) answer HTTP 200 with the failure envelope;',
  'invalid input 400, missing or expired token 401, missing permission 403, unknown path 404.',
  'Send the token from login in the `token` header (or `Authorization: Bearer`).',
].join(' ');

/** The OpenAPI document, generated from the routes' zod schemas (the same ones that validate). */
export async function registerOpenApi(app: App, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'envmon API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const permission = input.route.config?.permission;
      if (permission && permission !== PUBLIC && result.schema) {
        return {
          ...result,
          schema: {
            ...result.schema,
            security: [{ token: [] }, { bearer: [] }],
            description: `Permission: ${typeof permission === 'string' ? permission : permission.join(' or ')}`,
          },
        };
      }
      return result;
    },
  });
}

/** `/openapi.json` and the browsable reference at `/api-docs`; call after every route is added. */
export async function registerOpenApiRoutes(app: App): Promise<void> {
  app.get(OPENAPI_PATH, { config: { permission: PUBLIC }, schema: { hide: true } }, () => app.swagger());
  await registerWithPermission(app, PUBLIC, swaggerUi, { routePrefix: API_DOCS_PATH });
}
