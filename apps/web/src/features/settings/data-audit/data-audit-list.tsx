import {
  DATA_AUDIT_LIMITS,
  dataAuditEndpoints,
  type DataAuditRecord,
  dataAuditUpdateSchema,
  type Page,
  writeCode,
} from '@envmon/shared';
import type { UseQueryOptions } from '@tanstack/react-query';
import { RollbackOutlined } from '@ant-design/icons';
import { vocabularyLang } from '../../../components/crud/cell-render';
import { DeviceCell } from '../../../components/crud/device-cell';
import type { ListDefinition, ListEndpoints, ListPicker } from '../../../components/crud/list-definition';
import { useFactorOptions } from '../../../components/use-select-options';
import { i18n } from '../../../lib/i18n';
import { VocabularyTag, VocabularyText } from '../../../components/vocabulary/vocabulary-tag';
import {
  auditActionOptions,
  auditKindOptions,
  auditPageQueryOptions,
  auditReasonOptions,
  AuditChange,
  AUDITED_READS,
  dataAuditKeys,
  RevokedMark,
} from '../../water';
import { DataTimeCell, FactorCell, valueText } from './components/record-cells';

/** The records list's resource code and the write its revokes need. */
export const DATA_AUDIT_SETTINGS_PAGE = 'settings.data-audit';
export const DATA_AUDIT_SETTINGS_WRITE = writeCode(DATA_AUDIT_SETTINGS_PAGE);

const WIDTH = {
  device: 180,
  kind: 90,
  factor: 130,
  time: 170,
  action: 120,
  reason: 110,
  value: 100,
  change: 220,
} as const;

/** The list's calls: revoking a record is the contract's `uninstall` of its id; audits refresh the audited screens. */
const ENDPOINTS: ListEndpoints = {
  keyRoot: dataAuditKeys.all,
  add: dataAuditEndpoints.add,
  update: dataAuditEndpoints.update,
  remove: dataAuditEndpoints.uninstall,
  removeBody: (id) => ({ ids: [Number(id)] }),
  alsoInvalidate: AUDITED_READS,
};

/** The factor filter's choices: the catalogue, the chosen device's kind first. */
const useFactorPicker: ListPicker = (deviceId) => useFactorOptions(typeof deviceId === 'number' ? deviceId : null);

const revokeRefused = (row: DataAuditRecord): string | undefined =>
  row.revoked ? 'dataAudit.list.alreadyRevoked' : undefined;

/** A record's reason and remark may be edited while it is in force, a replacement's value too. */
export function toAuditFormValues(row: DataAuditRecord | undefined): object {
  if (!row) return {};
  return {
    id: row.id,
    action: row.action,
    reason: row.reason,
    remark: row.remark,
    value: row.action === 'replace' ? row.newValue : null,
  };
}

export function toAuditUpdate(values: Record<string, unknown>): unknown {
  const remark = typeof values.remark === 'string' ? values.remark.trim() : '';
  return {
    id: values.id,
    reason: values.reason ?? null,
    remark: remark === '' ? null : remark,
    // Only a replacement has a value; the others' is left as it is.
    ...(values.action === 'replace' ? { value: values.value ?? null } : {}),
  };
}

/**
 * Settings › data audit (SPEC section 7 'dataAudit'): every audit of the values of the stations in scope, newest
 * first — who did what to which value, when and why, the state and value before and after — filtered by device,
 * kind, factor, action, reason and data time, revoked ones on request. Audits are made in the workbench (Water
 * station › data audit); here a record may be revoked, which returns its value to the state before.
 */
export const DATA_AUDIT_LIST: ListDefinition<DataAuditRecord> = {
  permission: DATA_AUDIT_SETTINGS_PAGE,
  pageTestId: 'data-audit-settings-page',
  testId: 'data-audit-records',
  help: 'dataAudit.list.help',
  endpoints: ENDPOINTS,
  // The list's key is the audits' own (under their root), as the definition's generic key types it.
  listQuery: (query) =>
    auditPageQueryOptions(query) as UseQueryOptions<Page<DataAuditRecord>, Error, Page<DataAuditRecord>>,
  columns: [
    {
      key: 'device',
      kind: 'custom',
      title: 'dataAudit.fields.device',
      width: WIDTH.device,
      fixed: 'left',
      render: (row) => <DeviceCell name={row.deviceName} code={row.deviceCode} />,
    },
    {
      key: 'kind',
      kind: 'label',
      name: 'kind',
      labelKey: (kind) => `dataAudit.kind.${kind}`,
      title: 'dataAudit.fields.kind',
      width: WIDTH.kind,
    },
    {
      key: 'factor',
      kind: 'custom',
      title: 'dataAudit.fields.factor',
      width: WIDTH.factor,
      render: (row) => <FactorCell factorCode={row.factorCode} />,
    },
    {
      key: 'dataTime',
      kind: 'custom',
      title: 'dataAudit.fields.dataTime',
      width: WIDTH.time,
      render: (row) => <DataTimeCell record={row} />,
    },
    {
      key: 'action',
      kind: 'custom',
      title: 'dataAudit.fields.action',
      width: WIDTH.action,
      render: (row) => <VocabularyTag name="auditAction" value={row.action} />,
    },
    {
      key: 'reason',
      kind: 'custom',
      title: 'dataAudit.fields.reason',
      width: WIDTH.reason,
      render: (row) => <VocabularyText name="auditReason" value={row.reason} />,
    },
    {
      key: 'stationValue',
      kind: 'custom',
      title: 'dataAudit.fields.stationValue',
      width: WIDTH.value,
      align: 'right',
      render: (row) => valueText(row.stationValue),
    },
    {
      key: 'change',
      kind: 'custom',
      title: 'dataAudit.fields.change',
      width: WIDTH.change,
      render: (row) => <AuditChange record={row} />,
    },
    { key: 'remark', kind: 'text', name: 'remark', title: 'dataAudit.fields.remark', width: 160, ellipsis: true },
    { key: 'createdBy', kind: 'text', name: 'createdBy', title: 'dataAudit.fields.createdBy', width: 100 },
    {
      key: 'createTime',
      kind: 'datetime',
      name: 'createTime',
      title: 'dataAudit.fields.createTime',
      width: WIDTH.time,
    },
    {
      key: 'revoked',
      kind: 'custom',
      title: 'dataAudit.fields.revoked',
      width: 190,
      render: (row) => <RevokedMark record={row} />,
    },
  ],
  filterWidth: 160,
  filters: [
    { kind: 'device', name: 'deviceId', label: 'dataAudit.fields.device', width: 200 },
    { kind: 'select', name: 'kind', label: 'dataAudit.fields.kind', options: auditKindOptions },
    {
      kind: 'picker',
      name: 'factorCode',
      label: 'dataAudit.fields.factor',
      usePicker: useFactorPicker,
      dependsOn: 'deviceId',
      search: true,
      width: 200,
    },
    {
      kind: 'select',
      name: 'action',
      label: 'dataAudit.fields.action',
      options: () => auditActionOptions(consoleLang()),
    },
    {
      kind: 'select',
      name: 'reason',
      label: 'dataAudit.fields.reason',
      options: () => auditReasonOptions(consoleLang()),
    },
    { kind: 'dateTimeRange', name: 'dataRange', label: 'dataAudit.fields.dataTime', names: ['beginTime', 'endTime'] },
    { kind: 'switch', name: 'includeRevoked', label: 'dataAudit.fields.includeRevoked' },
  ],
  toolbar: 'below',
  empty: 'dataAudit.list.empty',
  scrollX: 'max-content',
  actions: {
    style: 'link',
    width: 170,
    fixed: 'right',
    items: [
      { kind: 'edit', testId: true, refuse: revokeRefused },
      {
        kind: 'delete',
        testId: true,
        refuse: revokeRefused,
        wording: {
          label: 'dataAudit.revoke.ok',
          icon: <RollbackOutlined />,
          title: 'dataAudit.revoke.title',
          confirm: 'dataAudit.revoke.confirm',
          ok: 'dataAudit.revoke.ok',
        },
      },
    ],
  },
  form: {
    schema: dataAuditUpdateSchema,
    addTitle: 'dataAudit.list.editTitle',
    editTitle: 'dataAudit.list.editTitle',
    width: 520,
    testId: 'data-audit-record-form',
    toFormValues: toAuditFormValues,
    toInput: toAuditUpdate,
    fields: [
      {
        kind: 'select',
        name: 'reason',
        label: 'dataAudit.fields.reason',
        options: () => auditReasonOptions(consoleLang()),
      },
      {
        kind: 'number',
        name: 'value',
        label: 'dataAudit.fields.newValue',
        extra: 'dataAudit.list.valueHint',
      },
      {
        kind: 'textarea',
        name: 'remark',
        label: 'dataAudit.fields.remark',
        rows: 2,
        maxLength: DATA_AUDIT_LIMITS.remarkMax,
        showCount: true,
      },
    ],
  },
};

/** The vocabularies' language: the console's (a select's options are made as it renders). */
const consoleLang = () => vocabularyLang(i18n.language);
