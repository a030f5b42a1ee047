import type { OAuthSettings } from '../../config/config.js';

const TIMEOUT_MS = 10_000;

/** The provider side of the authorization-code flow, behind an adapter (STYLE.md rule 2). */
export interface OAuthClient {
  /** Exchanges an authorization code for an access token. */
  exchangeCode(code: string): Promise<string>;
  /** The provider's claims about the token's user. */
  userInfo(accessToken: string): Promise<Record<string, unknown>>;
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw new Error(`${what} answered HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (body === null || typeof body !== 'object') throw new Error(`${what} answered no JSON object`);
  return body as Record<string, unknown>;
}

export class HttpOAuthClient implements OAuthClient {
  constructor(private readonly settings: OAuthSettings) {}

  async exchangeCode(code: string): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.settings.redirectUri,
      client_id: this.settings.clientId,
    });
    if (this.settings.clientSecret) form.set('client_secret', this.settings.clientSecret);
    const response = await fetch(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await json(response, 'token endpoint');
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new Error('token endpoint gave no access_token');
    return body.access_token;
  }

  async userInfo(accessToken: string): Promise<Record<string, unknown>> {
    const response = await fetch(this.settings.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return json(response, 'userinfo endpoint');
  }
}
