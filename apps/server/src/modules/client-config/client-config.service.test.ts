import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { clientConfig } from './client-config.service.js';

describe('clientConfig', () => {
  it('gives Chinese at size medium by default and English at size small for DEFAULT_LANGUAGE=en', () => {
    expect(clientConfig(loadConfig({}))).toMatchObject({ defaultLanguage: 'zh-CN', defaultSize: 'medium', demo: true });
    expect(clientConfig(loadConfig({ DEFAULT_LANGUAGE: 'en' }))).toMatchObject({
      defaultLanguage: 'en-US',
      defaultSize: 'small',
    });
  });

  it('builds the provider authorize URL with the client parameters, keeping its own', () => {
    const config = loadConfig({
      OAUTH_AUTHORIZE_URL: 'https://idp.example/authorize?scope=openid',
      OAUTH_TOKEN_URL: 'https://idp.example/token',
      OAUTH_USERINFO_URL: 'https://idp.example/userinfo',
      OAUTH_CLIENT_ID: 'envmon',
      OAUTH_REDIRECT_URI: 'http://localhost:8080/oauth',
    });
    const { oauth } = clientConfig(config);
    expect(oauth.enabled).toBe(true);
    const url = new URL(oauth.authorizeUrl ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      scope: 'openid',
      response_type: 'code',
      client_id: 'envmon',
      redirect_uri: 'http://localhost:8080/oauth',
    });
  });

  it('reports OAuth as off when it is not configured', () => {
    expect(clientConfig(loadConfig({})).oauth).toEqual({ enabled: false, authorizeUrl: null });
  });

  it('hands the console the resolved tiles: URL, subdomains, credits and coordinate system', () => {
    expect(clientConfig(loadConfig({})).mapTiles).toBeNull();
    expect(clientConfig(loadConfig({ MAP_TILE_URL: 'amap' })).mapTiles).toMatchObject({
      url: expect.stringContaining('autonavi.com') as string,
      subdomains: '1234',
      attribution: expect.stringContaining('AutoNavi') as string,
      crs: 'gcj02',
    });
  });
});
