import type { ClientConfig } from '@envmon/shared';
import type { AppConfig } from '../../config/config.js';

/**
 * The console's start-up settings. The spec's two readings: Chinese at size medium, or English
 * at size small (issue 2); users' own choices then live in cookies.
 */
export function clientConfig(config: AppConfig): ClientConfig {
  const english = config.defaultLanguage === 'en';
  let authorizeUrl: string | null = null;
  if (config.oauth) {
    // Parameters already in OAUTH_AUTHORIZE_URL (e.g. a scope) are kept.
    const url = new URL(config.oauth.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', config.oauth.clientId);
    url.searchParams.set('redirect_uri', config.oauth.redirectUri);
    authorizeUrl = url.toString();
  }
  return {
    defaultLanguage: english ? 'en-US' : 'zh-CN',
    defaultSize: english ? 'small' : 'medium',
    oauth: { enabled: config.oauth !== null, authorizeUrl },
    mapTiles: config.mapTiles,
    demo: config.demo,
  };
}
