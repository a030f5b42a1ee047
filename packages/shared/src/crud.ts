import type { z } from 'zod';
import { pageQuerySchema } from './schemas/common.js';
import { dictionaryFilterSchema, dictionaryInputSchema, dictionarySchema } from './schemas/dictionary.js';
import { resourceFilterSchema, resourceInputSchema, resourceSchema } from './schemas/resource.js';
import { roleFilterSchema, roleInputSchema, roleSchema } from './schemas/role.js';
import { userCreateSchema, userFilterSchema, userSchema, userUpdateSchema } from './schemas/user.js';
import type { VocabularyName } from './vocabularies.js';

/**
 * Declarative CRUD (STYLE.md rule 11): one definition drives the server routes
 * (`{service}{basePath}/get|getAll|add|update|delete`) and the console's generic page.
 */
export type CrudService = 'manager' | 'data' | 'dgs' | 'drsm';

/**
 * How a column shows its value. Codes never reach a person as they are: a vocabulary column
 * shows the code's label in the user's language, a list column the names the row carries
 * (a user's role names, not their ids or how many there are).
 */
export type CrudColumnKind = 'text' | 'vocabulary' | 'datetime' | 'boolean' | 'count' | 'list';

export interface CrudColumn {
  name: string;
  /** i18n key of the header. */
  label: string;
  kind: CrudColumnKind;
  vocabulary?: VocabularyName;
  width?: number;
}

export type CrudFieldKind =
  | 'text'
  | 'password'
  | 'textarea'
  | 'number'
  | 'vocabulary'
  /** Multi-select of another CRUD entity (`relation` names its key). */
  | 'relation'
  /** Single select of another entity, e.g. a parent resource. */
  | 'parent'
  /** Checkable tree of resources. */
  | 'resourceTree'
  /** Free list of strings (tags). */
  | 'tags';

export interface CrudField {
  name: string;
  label: string;
  kind: CrudFieldKind;
  vocabulary?: VocabularyName;
  relation?: CrudKey;
  /** Shown only when adding (e.g. userName is fixed after creation). */
  createOnly?: boolean;
  /** Hidden when editing a row (password on update is a separate change). */
  placeholder?: string;
}

export interface CrudFilter {
  name: string;
  label: string;
  kind: 'text' | 'vocabulary';
  vocabulary?: VocabularyName;
}

export interface CrudDefinition {
  key: CrudKey;
  service: CrudService;
  /** e.g. '/system/user/rest' */
  basePath: string;
  /** Page resource code: reads need it; writes need `${permission}:write`. */
  permission: string;
  /** Other pages that list these rows in their forms (the user form picks roles). */
  alsoReadBy?: readonly string[];
  /** i18n key of the page title. */
  title: string;
  entity: z.ZodObject;
  create: z.ZodObject;
  update: z.ZodObject;
  filter: z.ZodObject;
  columns: readonly CrudColumn[];
  fields: readonly CrudField[];
  filters: readonly CrudFilter[];
  /** The column that names a row in messages and selects. */
  labelField: string;
  /** Export file base name (xlsx). */
  exportName: string;
}

export type CrudKey = 'user' | 'role' | 'resource' | 'dictionary';

export const CRUD: Record<CrudKey, CrudDefinition> = {
  user: {
    key: 'user',
    service: 'manager',
    basePath: '/system/user/rest',
    permission: 'system.user',
    title: 'system.user.title',
    entity: userSchema,
    create: userCreateSchema,
    update: userUpdateSchema,
    filter: userFilterSchema,
    labelField: 'userName',
    exportName: 'users',
    columns: [
      { name: 'userName', label: 'system.user.userName', kind: 'text' },
      { name: 'name', label: 'system.user.name', kind: 'text' },
      { name: 'nackName', label: 'system.user.nackName', kind: 'text' },
      { name: 'phone', label: 'system.user.phone', kind: 'text' },
      { name: 'email', label: 'system.user.email', kind: 'text' },
      { name: 'ifValid', label: 'system.user.ifValid', kind: 'vocabulary', vocabulary: 'validFlag', width: 90 },
      { name: 'roleNames', label: 'system.user.roles', kind: 'list', width: 180 },
      { name: 'createTime', label: 'common.createTime', kind: 'datetime', width: 170 },
    ],
    fields: [
      { name: 'userName', label: 'system.user.userName', kind: 'text', createOnly: true },
      { name: 'password', label: 'system.user.password', kind: 'password' },
      { name: 'name', label: 'system.user.name', kind: 'text' },
      { name: 'nackName', label: 'system.user.nackName', kind: 'text' },
      { name: 'phone', label: 'system.user.phone', kind: 'text' },
      { name: 'email', label: 'system.user.email', kind: 'text' },
      { name: 'ifValid', label: 'system.user.ifValid', kind: 'vocabulary', vocabulary: 'validFlag' },
      { name: 'roleIds', label: 'system.user.roles', kind: 'relation', relation: 'role' },
      { name: 'deviceCodes', label: 'system.user.deviceCodes', kind: 'tags' },
      { name: 'remark', label: 'common.remark', kind: 'textarea' },
    ],
    filters: [
      { name: 'userName', label: 'system.user.userName', kind: 'text' },
      { name: 'name', label: 'system.user.name', kind: 'text' },
      { name: 'ifValid', label: 'system.user.ifValid', kind: 'vocabulary', vocabulary: 'validFlag' },
    ],
  },
  role: {
    key: 'role',
    service: 'manager',
    basePath: '/system/role/rest',
    permission: 'system.role',
    alsoReadBy: ['system.user'],
    title: 'system.role.title',
    entity: roleSchema,
    create: roleInputSchema,
    update: roleInputSchema,
    filter: roleFilterSchema,
    labelField: 'roleName',
    exportName: 'roles',
    columns: [
      { name: 'roleName', label: 'system.role.roleName', kind: 'text' },
      { name: 'remark', label: 'common.remark', kind: 'text' },
      { name: 'resourceIds', label: 'system.role.resources', kind: 'count', width: 120 },
      { name: 'builtIn', label: 'common.builtIn', kind: 'boolean', width: 90 },
    ],
    fields: [
      { name: 'roleName', label: 'system.role.roleName', kind: 'text' },
      { name: 'remark', label: 'common.remark', kind: 'textarea' },
      { name: 'resourceIds', label: 'system.role.resources', kind: 'resourceTree' },
    ],
    filters: [{ name: 'roleName', label: 'system.role.roleName', kind: 'text' }],
  },
  resource: {
    key: 'resource',
    service: 'manager',
    basePath: '/system/resource/rest',
    permission: 'system.resource',
    alsoReadBy: ['system.role'],
    title: 'system.resource.title',
    entity: resourceSchema,
    create: resourceInputSchema,
    update: resourceInputSchema,
    filter: resourceFilterSchema,
    labelField: 'resName',
    exportName: 'resources',
    columns: [
      { name: 'resName', label: 'system.resource.resName', kind: 'text' },
      { name: 'resNameEn', label: 'system.resource.resNameEn', kind: 'text' },
      { name: 'resCode', label: 'system.resource.resCode', kind: 'text' },
      { name: 'resUrl', label: 'system.resource.resUrl', kind: 'text' },
      { name: 'resType', label: 'system.resource.resType', kind: 'vocabulary', vocabulary: 'resourceType' },
      { name: 'action', label: 'system.resource.action', kind: 'vocabulary', vocabulary: 'resourceAction', width: 100 },
      { name: 'module', label: 'system.resource.module', kind: 'text', width: 80 },
      { name: 'childModule', label: 'system.resource.childModule', kind: 'text', width: 100 },
      { name: 'iconfont', label: 'system.resource.iconfont', kind: 'text' },
    ],
    fields: [
      { name: 'resName', label: 'system.resource.resName', kind: 'text' },
      { name: 'resNameEn', label: 'system.resource.resNameEn', kind: 'text' },
      { name: 'resCode', label: 'system.resource.resCode', kind: 'text' },
      { name: 'resUrl', label: 'system.resource.resUrl', kind: 'text' },
      { name: 'parentResId', label: 'system.resource.parent', kind: 'parent', relation: 'resource' },
      { name: 'resType', label: 'system.resource.resType', kind: 'vocabulary', vocabulary: 'resourceType' },
      { name: 'action', label: 'system.resource.action', kind: 'vocabulary', vocabulary: 'resourceAction' },
      { name: 'module', label: 'system.resource.module', kind: 'number' },
      { name: 'childModule', label: 'system.resource.childModule', kind: 'number' },
      { name: 'iconfont', label: 'system.resource.iconfont', kind: 'text' },
    ],
    filters: [
      { name: 'resName', label: 'system.resource.resName', kind: 'text' },
      { name: 'resType', label: 'system.resource.resType', kind: 'vocabulary', vocabulary: 'resourceType' },
    ],
  },
  dictionary: {
    key: 'dictionary',
    service: 'manager',
    basePath: '/system/dictionary/rest',
    permission: 'system.dictionary',
    title: 'system.dictionary.title',
    entity: dictionarySchema,
    create: dictionaryInputSchema,
    update: dictionaryInputSchema,
    filter: dictionaryFilterSchema,
    labelField: 'label',
    exportName: 'dictionary',
    columns: [
      { name: 'tableName', label: 'system.dictionary.tableName', kind: 'text' },
      { name: 'columnName', label: 'system.dictionary.columnName', kind: 'text' },
      { name: 'value', label: 'system.dictionary.value', kind: 'text', width: 100 },
      { name: 'label', label: 'system.dictionary.label', kind: 'text' },
      { name: 'labelEn', label: 'system.dictionary.labelEn', kind: 'text' },
      { name: 'sort', label: 'system.dictionary.sort', kind: 'text', width: 80 },
      { name: 'builtIn', label: 'common.builtIn', kind: 'boolean', width: 90 },
    ],
    fields: [
      { name: 'tableName', label: 'system.dictionary.tableName', kind: 'text' },
      { name: 'columnName', label: 'system.dictionary.columnName', kind: 'text' },
      { name: 'value', label: 'system.dictionary.value', kind: 'text' },
      { name: 'label', label: 'system.dictionary.label', kind: 'text' },
      { name: 'labelEn', label: 'system.dictionary.labelEn', kind: 'text' },
      { name: 'color', label: 'system.dictionary.color', kind: 'text' },
      { name: 'sort', label: 'system.dictionary.sort', kind: 'number' },
      { name: 'remark', label: 'common.remark', kind: 'textarea' },
    ],
    filters: [
      { name: 'tableName', label: 'system.dictionary.tableName', kind: 'text' },
      { name: 'columnName', label: 'system.dictionary.columnName', kind: 'text' },
      { name: 'label', label: 'system.dictionary.label', kind: 'text' },
    ],
  },
};

/** getAll takes paging plus the definition's filters; `exportSpecialFlag=1` asks for xlsx. */
export const crudListQuerySchema = (def: CrudDefinition) => pageQuerySchema.extend(def.filter.shape);

export const crudPath = (def: CrudDefinition, op: 'get' | 'getAll' | 'add' | 'update' | 'delete' | 'export') =>
  `/${def.service}${def.basePath}/${op}`;
