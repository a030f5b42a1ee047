import { describe, expect, it } from 'vitest';
import { loadConfig, parseDatabaseUrl } from './config.js';
import { parseServices } from './services.js';

describe('loadConfig', () => {
  it('defaults to the SQLite demo on port 8080', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.gateway).toMatchObject({ port: 9212, host: '0.0.0.0', offlineAfterIntervals: 3 });
    expect(c.database).toEqual({ dialect: 'sqlite', file: './data/envmon.db' });
    expect(c.demo).toBe(true);
    expect(c.oauth).toBeNull();
    expect(c.defaultLanguage).toBe('zh');
    expect(c.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('turns the demo off with DEMO=0 or when a DATABASE_URL is given', () => {
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: '1' }).demo).toBe(true);
  });

  it('enables OAuth only when every provider setting is present', () => {
    const base = {
      OAUTH_AUTHORIZE_URL: 'https://idp/authorize',
      OAUTH_TOKEN_URL: 'https://idp/token',
      OAUTH_USERINFO_URL: 'https://idp/userinfo',
      OAUTH_CLIENT_ID: 'envmon',
    };
    expect(loadConfig(base).oauth).toBeNull();
    const oauth = loadConfig({ ...base, OAUTH_REDIRECT_URI: 'http://localhost:8080/oauth' }).oauth;
    expect(oauth).toMatchObject({ clientId: 'envmon', usernameClaim: 'preferred_username', clientSecret: null });
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEFAULT_LANGUAGE: 'fr' })).toThrow(/DEFAULT_LANGUAGE/);
    expect(() => parseDatabaseUrl('mysql://x')).toThrow(/DATABASE_URL/);
  });

  it('writes readable terminal lines unless LOG_FORMAT=json', () => {
    expect(loadConfig({}).logFormat).toBe('text');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'pretty' })).toThrow(/LOG_FORMAT/);
  });

  it('converts TOKEN_TTL_HOURS to milliseconds', () => {
    expect(loadConfig({ TOKEN_TTL_HOURS: '2' }).tokenTtlMs).toBe(7_200_000);
  });

  it('runs alone unless NATS_URL names the cluster, under a node id safe for NATS and the database', () => {
    const alone = loadConfig({});
    expect(alone.natsUrl).toBeNull();
    expect(alone.nodeId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(loadConfig({ NATS_URL: 'nats://127.0.0.1:4222', NODE_ID: 'gw-1' })).toMatchObject({
      natsUrl: 'nats://127.0.0.1:4222',
      nodeId: 'gw-1',
    });
    expect(() => loadConfig({ NODE_ID: 'gw 1' })).toThrow(/NODE_ID/);
  });
});

describe('parseServices', () => {
  it('runs the selected services, every one by default', () => {
    expect(parseServices(['--services=http,scheduler'])).toEqual({ run: ['http', 'scheduler'], absent: [] });
    expect(parseServices(['--services=gateway'])).toEqual({ run: ['gateway'], absent: [] });
    expect(parseServices([])).toEqual({ run: ['http', 'gateway', 'forward', 'scheduler'], absent: [] });
    expect(parseServices(['--services=forward'])).toEqual({ run: ['forward'], absent: [] });
  });

  it('rejects unknown service names', () => {
    expect(() => parseServices(['--services=http,mail'])).toThrow(/mail/);
  });
});
