import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config/config.js';
import type { Database } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import type { PasswordHasher } from './lib/password.js';
import { RateLimiter } from './lib/rate-limit.js';
import { ClientErrorService } from './modules/client-error/client-error.service.js';
import { DeployClassifyRepository, DeviceDeployRepository } from './modules/deploy/deploy.repository.js';
import { DeployClassifyService, DeviceDeployService } from './modules/deploy/deploy.service.js';
import { DictionaryRepository } from './modules/dictionary/dictionary.repository.js';
import { DictionaryService } from './modules/dictionary/dictionary.service.js';
import { LogRepository } from './modules/log/log.repository.js';
import { LogService } from './modules/log/log.service.js';
import { LoginThrottleRepository } from './modules/login/login-throttle.repository.js';
import { LoginService } from './modules/login/login.service.js';
import { HttpOAuthClient, type OAuthClient } from './modules/oauth/oauth.client.js';
import { OAuthService } from './modules/oauth/oauth.service.js';
import { PasswordService } from './modules/password/password.service.js';
import { ResourceRepository } from './modules/resource/resource.repository.js';
import { ResourceService } from './modules/resource/resource.service.js';
import { RoleRepository } from './modules/role/role.repository.js';
import { RoleService } from './modules/role/role.service.js';
import { ServerLogService } from './modules/server-log/server-log.service.js';
import { SessionRepository } from './modules/session/session.repository.js';
import { SessionService } from './modules/session/session.service.js';
import { UserRepository } from './modules/user/user.repository.js';
import { UserService } from './modules/user/user.service.js';

export interface ServiceDeps {
  db: Kysely<Database>;
  config: AppConfig;
  clock: Clock;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
  /** Replaces the HTTP client of the OAuth provider (unit tests). */
  oauthClient?: OAuthClient;
}

/** Client errors accepted per IP per minute. */
const CLIENT_ERRORS_PER_MINUTE = 30;

/** The composition root: repositories on the database, services on repositories and each other. */
export function createServices({ db, config, clock, hasher, log, oauthClient }: ServiceDeps) {
  const resources = new ResourceService(new ResourceRepository(db));
  const roles = new RoleService(new RoleRepository(db), resources, clock);
  const users = new UserService(new UserRepository(db), roles, hasher, clock);
  const sessions = new SessionService(new SessionRepository(db), clock, config.tokenTtlMs);
  const deployClassify = new DeployClassifyService(new DeployClassifyRepository(db), clock);
  const oauthProvider = config.oauth
    ? { settings: config.oauth, client: oauthClient ?? new HttpOAuthClient(config.oauth) }
    : null;
  return {
    resources,
    roles,
    users,
    sessions,
    login: new LoginService(new LoginThrottleRepository(db), users, sessions, clock, log),
    oauth: new OAuthService(oauthProvider, users, sessions, log),
    passwords: new PasswordService(users, sessions),
    dictionary: new DictionaryService(new DictionaryRepository(db)),
    logs: new LogService(new LogRepository(db), clock),
    serverLogs: new ServerLogService(config.logDir),
    clientErrors: new ClientErrorService(log, new RateLimiter(clock, CLIENT_ERRORS_PER_MINUTE, 60_000)),
    deployClassify,
    deviceDeploy: new DeviceDeployService(new DeviceDeployRepository(db), deployClassify),
  };
}

export type Services = ReturnType<typeof createServices>;
