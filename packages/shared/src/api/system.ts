import { z } from 'zod';
import { CRUD, type CrudDefinition, type CrudKey, crudListQuerySchema, crudPath } from '../crud.js';
import { LANGUAGES } from '../i18n/languages.js';
import {
  exportFlagSchema,
  exportLinkSchema,
  idParamSchema,
  idSchema,
  pageQuerySchema,
  pageSchema,
} from '../schemas/common.js';
import { loginResultSchema, loginSchema, oauthCodeParamSchema, passwordChangeSchema } from '../schemas/auth.js';
import { clientConfigSchema } from '../schemas/config.js';
import { dictionaryLookupSchema, dictionarySchema } from '../schemas/dictionary.js';
import {
  clientErrorSchema,
  operationLogFilterSchema,
  operationLogSchema,
  serverLogFileSchema,
} from '../schemas/log.js';
import { resourceSchema } from '../schemas/resource.js';
import { userInfoSchema, userNameCheckSchema } from '../schemas/user.js';
import { defineEndpoint } from './endpoint.js';
import { PUBLIC_ROUTES } from './public-routes.js';

/**
 * The calls of one declarative CRUD definition (STYLE.md rule 11; paths `{service}{basePath}/<op>`):
 * get by id, the filtered page (`exportSpecialFlag=1` only checks the caller may export, answering
 * null), the xlsx export's link, add, update (the row's id beside the update schema) and delete (a GET
 * naming the row). Every read is cached under ['crud', key], the root a write invalidates, so one
 * invalidation refreshes the entity's table and every select fed by it.
 */
function crudEndpoints(def: CrudDefinition) {
  return {
    get: defineEndpoint({ method: 'GET', path: crudPath(def, 'get'), query: idParamSchema, response: def.entity }),
    list: defineEndpoint({
      method: 'GET',
      path: crudPath(def, 'getAll'),
      query: crudListQuerySchema(def).extend(exportFlagSchema.shape),
      response: pageSchema(def.entity).nullable(),
      key: ['crud', def.key],
    }),
    /** The export's step 1, the ticketed link, from getAll's filters; lang picks the header language. */
    export: defineEndpoint({
      method: 'GET',
      path: crudPath(def, 'export'),
      query: def.filter.extend({ lang: z.enum(LANGUAGES).default('zh-CN') }),
      response: exportLinkSchema,
    }),
    add: defineEndpoint({ method: 'POST', path: crudPath(def, 'add'), body: def.create, response: def.entity }),
    update: defineEndpoint({
      method: 'POST',
      path: crudPath(def, 'update'),
      body: def.update.extend({ id: idSchema }),
      response: def.entity,
    }),
    remove: defineEndpoint({ method: 'GET', path: crudPath(def, 'delete'), query: idParamSchema, response: z.null() }),
  };
}

export type CrudEndpoints = ReturnType<typeof crudEndpoints>;

/** The system screens' CRUD calls (SPEC section 7 'System'), one set per definition of crud.ts. */
export const CRUD_ENDPOINTS: { readonly [K in CrudKey]: CrudEndpoints } = {
  user: crudEndpoints(CRUD.user),
  role: crudEndpoints(CRUD.role),
  resource: crudEndpoints(CRUD.resource),
  dictionary: crudEndpoints(CRUD.dictionary),
};

/** The console's settings needed before sign-in (public, fixed for the server process's life). */
export const clientConfigEndpoints = {
  /** Read once per page load; cached under ['config']. */
  get: defineEndpoint({ ...PUBLIC_ROUTES.clientConfig, response: clientConfigSchema }),
};

const LOGIN = '/manager/system/login/rest';

/** Signing in and out (SPEC section 7 'Login') and the password change of 'System'. */
export const authEndpoints = {
  /** A refused attempt's failure envelope may carry data.retryAfterMs (throttled). */
  login: defineEndpoint({ ...PUBLIC_ROUTES.login, body: loginSchema, response: loginResultSchema }),
  /** Revokes the calling token. */
  logout: defineEndpoint({ ...PUBLIC_ROUTES.logout, response: z.null() }),
  /** Exchanges an OAuth2 authorization code (a path parameter) for a console token. */
  oauth: defineEndpoint({
    method: 'GET',
    path: `${LOGIN}/oauth/:code`,
    params: oauthCodeParamSchema,
    response: loginResultSchema,
  }),
  /** Both passwords as query parameters of a POST, as the spec has it. */
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/manager/system/password/rest/change',
    query: passwordChangeSchema,
    response: z.null(),
  }),
};

const USER = '/manager/system/user/rest';

/** The user calls beside the CRUD. */
export const userEndpoints = {
  /** The caller's user info; cached under ['auth', 'user-info', token], so a new sign-in never sees the last one's. */
  getByToken: defineEndpoint({ ...PUBLIC_ROUTES.userInfo, response: userInfoSchema }),
  /** Whether a user name is free but for `id`; keyed ['system', 'user', 'name-unique', userName, id]. */
  checkUserNameUnique: defineEndpoint({
    method: 'GET',
    path: `${USER}/checkUserNameUnique`,
    query: userNameCheckSchema,
    response: z.boolean(),
    key: ['system', 'user', 'name-unique'],
  }),
};

/** The resource call beside the CRUD. */
export const resourceEndpoints = {
  /** A role's resources in menu order. */
  getByRole: defineEndpoint({
    method: 'GET',
    path: '/manager/system/resource/rest/getByRole',
    query: z.object({ roleId: idSchema }),
    response: z.array(resourceSchema),
  }),
};

const DICTIONARY = '/manager/system/dictionary/rest';

/** The dictionary's vocabulary lookups (its `get` is a lookup by table and column, not a read by id). */
export const dictionaryEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: `${DICTIONARY}/get`,
    query: dictionaryLookupSchema,
    response: z.array(dictionarySchema),
  }),
  /** One vocabulary as a value → label map. */
  getFactorUnit: defineEndpoint({
    method: 'GET',
    path: `${DICTIONARY}/getFactorUnit`,
    query: dictionaryLookupSchema,
    response: z.record(z.string(), z.string()),
  }),
};

/** The operation log (SPEC section 7 '/system/log'). */
export const operationLogEndpoints = {
  /** Newest first, paged and filtered; cached under ['system', 'log', query]. */
  list: defineEndpoint({
    method: 'GET',
    path: '/manager/system/log/rest/get',
    query: pageQuerySchema.extend(operationLogFilterSchema.shape),
    response: pageSchema(operationLogSchema),
    key: ['system', 'log'],
  }),
};

const SERVER_LOG = '/manager/system/serverLog/rest';

/** One server log file's bytes (`?fileName=`): a download, not an envelope, so a path rather than an endpoint. */
export const SERVER_LOG_FILE_PATH = `${SERVER_LOG}/get`;

/** The server log files (SPEC section 7 '/system/serverLog'); a file itself is SERVER_LOG_FILE_PATH. */
export const serverLogEndpoints = {
  /** Newest first; cached under ['system', 'server-log', 'list']. */
  list: defineEndpoint({
    method: 'GET',
    path: `${SERVER_LOG}/getList`,
    response: z.array(serverLogFileSchema),
    key: ['system', 'server-log', 'list'],
  }),
};

/** The console's own errors, sent to the server log (public: a signed-out screen can fail too). */
export const clientErrorEndpoints = {
  report: defineEndpoint({
    method: 'POST',
    path: '/manager/system/clientError/rest/report',
    body: clientErrorSchema,
    response: z.null(),
  }),
};
