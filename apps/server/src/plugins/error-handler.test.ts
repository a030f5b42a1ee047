import { envelopeSchema, MESSAGES } from '@envmon/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../app-types.js';
import { DomainError, forbidden } from '../lib/errors.js';
import { installErrorHandling } from './error-handler.js';

async function appThrowing(error: Error): Promise<App> {
  const app: App = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // The success schema would reject a failure envelope: the handler must bypass it.
  app.get('/fail', { schema: { response: { 200: envelopeSchema(z.number()) } } }, () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('installErrorHandling', () => {
  it.each([
    [new DomainError('userNameTaken'), 200, MESSAGES.userNameTaken],
    [forbidden(), 403, MESSAGES.noPermission],
    [new Error('database exploded'), 500, MESSAGES.internalError],
  ])('answers %s with HTTP %i and the failure envelope', async (error, status, desc) => {
    const app = await appThrowing(error);
    const response = await app.inject({ url: '/fail' });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status: -1, code: '000001', desc });
    await app.close();
  });

  it.each([
    ['a domain failure', new DomainError('userNameTaken')],
    ['a refusal', forbidden()],
    ['an unexpected error', new Error('boom')],
  ])('labels the envelope of %s as JSON', async (_name, error) => {
    const app = await appThrowing(error);
    const response = await app.inject({ url: '/fail' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    await app.close();
  });

  it('labels the envelope of an unknown path as JSON', async () => {
    const app = await appThrowing(new Error('unused'));
    const response = await app.inject({ url: '/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    await app.close();
  });

  it("answers in the caller's language: the shared English for en, the spec's Chinese otherwise", async () => {
    const app = await appThrowing(new DomainError('userNameTaken'));
    const desc = async (language?: string) =>
      (await app.inject({ url: '/fail', headers: language ? { 'accept-language': language } : {} })).json<{
        desc: string;
      }>().desc;
    expect(await desc('en-US')).toBe('The user name is already taken.');
    expect(await desc('zh-CN')).toBe(MESSAGES.userNameTaken);
    expect(await desc()).toBe(MESSAGES.userNameTaken);
    await app.close();
  });

  it('names an invalid field by its label and its rule in words', async () => {
    const app: App = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    app.post('/manager/system/user/rest/add', { schema: { body: z.object({ remark: z.string().max(3) }) } }, () => 1);
    await app.ready();
    const desc = async (language: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/manager/system/user/rest/add',
          payload: { remark: 'too long' },
          headers: { 'accept-language': language },
        })
      ).json<{ desc: string }>().desc;
    expect(await desc('en-US')).toBe('Invalid parameters. Remark: At most 3 characters.');
    expect(await desc('zh-CN')).toBe(`${MESSAGES.invalidInput}备注：最多输入3位！`);
    await app.close();
  });

  it('never describes unexpected errors to the caller', async () => {
    const app = await appThrowing(new Error('password=hunter2 in a stack'));
    expect((await app.inject({ url: '/fail' })).body).not.toContain('hunter2');
    await app.close();
  });
});
