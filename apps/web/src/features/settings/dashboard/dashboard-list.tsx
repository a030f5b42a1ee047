import {
  type Dashboard,
  DASHBOARD_DEFAULTS,
  DASHBOARD_LIMITS,
  dashboardEndpoints,
  type DashboardInputRequest,
  dashboardInputSchema,
  WALL_CARDS,
  writeCode,
} from '@envmon/shared';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ListDefinition, ListFormValues, ListPick } from '../../../components/crud/list-definition';
import { listCalls } from '../../../components/crud/list-endpoints';
import {
  cardOptions,
  FactorNames,
  HOME_CARDS_OF,
  ProjectName,
  useAllUsersPicker,
  useProjectPicker,
  useStationPicker,
  useTrendFactorPicker,
  type UserOption,
} from './components/dashboard-vocabulary';

/** The dashboard settings page's resource code and the write permission its changes need. */
export const DASHBOARD_SETTINGS_PAGE = 'settings.dashboard';
export const DASHBOARD_SETTINGS_WRITE = writeCode(DASHBOARD_SETTINGS_PAGE);

const WIDTH = { user: 140, name: 160, project: 140, cards: 260, stations: 130, factors: 180, seconds: 100, time: 170 };
/** Two fields side by side. */
const HALF = 12;

/** Who fills in the form: a non-admin configures only themselves. */
export interface DashboardEditor {
  userId: number;
  /** How the user picker names them. */
  label: string;
  isAdmin: boolean;
}

export type DashboardFormValues = ListFormValues<DashboardInputRequest>;

const sameCards = (a: readonly unknown[] | null | undefined, b: readonly unknown[]) =>
  a?.length === b.length && a.every((card, i) => card === b[i]);

/** A new configuration's home cards follow the chosen user's role while they are still a role's defaults. */
const startFromRole: ListPick = (option, form, editing) => {
  if (editing) return;
  const home: unknown = form.getFieldValue('homeCards');
  const untouched = !Array.isArray(home) || Object.values(HOME_CARDS_OF).some((cards) => sameCards(home, cards));
  if (untouched) form.setFieldValue('homeCards', [...HOME_CARDS_OF[(option as UserOption).variant]]);
};

export function toDashboardFormValues(row: Dashboard | undefined, editor: DashboardEditor): DashboardFormValues {
  if (!row)
    return {
      userId: editor.isAdmin ? undefined : editor.userId,
      homeCards: [...HOME_CARDS_OF[editor.isAdmin ? 'admin' : 'editor']],
      wallCards: [...WALL_CARDS],
      deviceIds: [],
      factorCodes: [],
      refreshSeconds: DASHBOARD_DEFAULTS.refreshSeconds,
      rotateSeconds: DASHBOARD_DEFAULTS.rotateSeconds,
    };
  const { userId, name, projectId, homeCards, wallCards, deviceIds, factorCodes, refreshSeconds, rotateSeconds } = row;
  return { userId, name, projectId, homeCards, wallCards, deviceIds, factorCodes, refreshSeconds, rotateSeconds };
}

/** Cleared boxes are null and unchosen selects undefined; the schema reads a blank name as missing. */
export const toDashboardInput = (values: DashboardFormValues): unknown => ({
  ...values,
  name: values.name ?? '',
  projectId: values.projectId ?? null,
  homeCards: values.homeCards ?? [],
  wallCards: values.wallCards ?? [],
  deviceIds: values.deviceIds ?? [],
  factorCodes: values.factorCodes ?? [],
});

const seconds = (value: number, t: TFunction) => t('dashboardSettings.seconds', { count: value });

/**
 * Settings › dashboard (SPEC section 7 'dashboard'): one configuration per user of what the home page and the
 * monitoring wall show — cards in order, project, stations, trend factors, refresh and rotation. Admin
 * prepares anyone's; any other user sees and edits only their own (the server decides; the form only offers
 * them themselves). Built for the signed-in user, who decides whom the user picker offers.
 */
export function dashboardList(editor: DashboardEditor): ListDefinition<Dashboard> {
  const ownUser = () => ({ options: [{ value: editor.userId, label: editor.label, variant: 'editor' as const }] });
  return {
    permission: DASHBOARD_SETTINGS_PAGE,
    pageTestId: 'dashboard-settings-page',
    testId: 'dashboard-settings',
    help: 'dashboardSettings.help',
    ...listCalls(dashboardEndpoints),
    scrollX: 'max-content',
    columns: [
      {
        key: 'userName',
        kind: 'text',
        name: 'userName',
        title: 'dashboardSettings.fields.user',
        width: WIDTH.user,
        fixed: 'left',
      },
      { key: 'name', kind: 'text', name: 'name', title: 'dashboardSettings.fields.name', width: WIDTH.name },
      {
        key: 'project',
        kind: 'custom',
        title: 'dashboardSettings.fields.project',
        width: WIDTH.project,
        render: (row) => <ProjectName projectId={row.projectId} />,
      },
      {
        key: 'homeCards',
        kind: 'labels',
        name: 'homeCards',
        labelKey: (card) => `dashboard.cards.${card}`,
        title: 'dashboardSettings.fields.homeCards',
        width: WIDTH.cards,
      },
      {
        key: 'wallCards',
        kind: 'labels',
        name: 'wallCards',
        labelKey: (card) => `dashboard.cards.${card}`,
        title: 'dashboardSettings.fields.wallCards',
        width: WIDTH.cards,
      },
      {
        key: 'stations',
        kind: 'custom',
        title: 'dashboardSettings.fields.stations',
        width: WIDTH.stations,
        render: (row, { t }) =>
          row.deviceIds.length === 0 ? (
            <Typography.Text type="secondary">{t('dashboardSettings.allStations')}</Typography.Text>
          ) : (
            t('dashboardSettings.stationCount', { count: row.deviceIds.length })
          ),
      },
      {
        key: 'factors',
        kind: 'custom',
        title: 'dashboardSettings.fields.factors',
        width: WIDTH.factors,
        render: (row) => <FactorNames codes={row.factorCodes} />,
      },
      {
        key: 'refresh',
        kind: 'custom',
        title: 'dashboardSettings.fields.refresh',
        width: WIDTH.seconds,
        align: 'right',
        render: (row, { t }) => seconds(row.refreshSeconds, t),
      },
      {
        key: 'rotation',
        kind: 'custom',
        title: 'dashboardSettings.fields.rotation',
        width: WIDTH.seconds,
        align: 'right',
        render: (row, { t }) =>
          row.rotateSeconds === 0 ? t('dashboardSettings.noRotation') : seconds(row.rotateSeconds, t),
      },
      {
        key: 'updateTime',
        kind: 'datetime',
        name: 'updateTime',
        title: 'dashboardSettings.fields.updateTime',
        width: WIDTH.time,
      },
    ],
    filterWidth: 220,
    filters: [
      {
        kind: 'text',
        name: 'name',
        label: 'dashboardSettings.fields.name',
        placeholder: 'dashboardSettings.filter.namePlaceholder',
      },
    ],
    toolbar: 'beside',
    addLabel: 'common.actions.add',
    empty: 'dashboardSettings.empty',
    actions: {
      style: 'link',
      width: 160,
      fixed: 'right',
      items: [
        { kind: 'edit', testId: true },
        { kind: 'delete', testId: true },
      ],
    },
    form: {
      schema: dashboardInputSchema,
      addTitle: 'dashboardSettings.form.add',
      editTitle: 'dashboardSettings.form.edit',
      width: 720,
      testId: 'dashboard-settings-form',
      toFormValues: (row) => toDashboardFormValues(row, editor),
      toInput: toDashboardInput,
      fields: [
        {
          kind: 'picker',
          name: 'userId',
          label: 'dashboardSettings.fields.user',
          extra: editor.isAdmin ? 'dashboardSettings.form.userHint' : 'dashboardSettings.form.ownOnly',
          required: true,
          search: true,
          usePicker: editor.isAdmin ? useAllUsersPicker : ownUser,
          disabled: !editor.isAdmin,
          onPick: startFromRole,
          span: HALF,
        },
        {
          kind: 'text',
          name: 'name',
          label: 'dashboardSettings.fields.name',
          required: true,
          maxLength: DASHBOARD_LIMITS.nameMax,
          span: HALF,
        },
        {
          kind: 'picker',
          name: 'projectId',
          label: 'dashboardSettings.fields.project',
          extra: 'dashboardSettings.form.projectHint',
          usePicker: useProjectPicker,
          allowClear: true,
          span: HALF,
        },
        {
          kind: 'number',
          name: 'refreshSeconds',
          label: 'dashboardSettings.fields.refreshSeconds',
          extra: 'dashboardSettings.form.refreshHint',
          required: true,
          min: DASHBOARD_LIMITS.refreshMinSeconds,
          max: DASHBOARD_LIMITS.refreshMaxSeconds,
          precision: 0,
          span: HALF,
        },
        {
          kind: 'select',
          name: 'homeCards',
          label: 'dashboardSettings.fields.homeCards',
          extra: 'dashboardSettings.form.cardsHint',
          required: true,
          multiple: true,
          options: cardOptions,
        },
        {
          kind: 'select',
          name: 'wallCards',
          label: 'dashboardSettings.fields.wallCards',
          extra: 'dashboardSettings.form.cardsHint',
          required: true,
          multiple: true,
          options: cardOptions,
        },
        {
          kind: 'picker',
          name: 'deviceIds',
          label: 'dashboardSettings.fields.stations',
          extra: 'dashboardSettings.form.stationsHint',
          usePicker: useStationPicker,
          dependsOn: 'projectId',
          search: true,
          multiple: true,
          maxCount: DASHBOARD_LIMITS.devicesMax,
          allowClear: true,
        },
        {
          kind: 'picker',
          name: 'factorCodes',
          label: 'dashboardSettings.fields.factors',
          extra: 'dashboardSettings.form.factorsHint',
          usePicker: useTrendFactorPicker,
          search: true,
          multiple: true,
          maxCount: DASHBOARD_LIMITS.factorsMax,
          allowClear: true,
          span: HALF,
        },
        {
          kind: 'number',
          name: 'rotateSeconds',
          label: 'dashboardSettings.fields.rotateSeconds',
          extra: 'dashboardSettings.form.rotationHint',
          required: true,
          min: 0,
          max: DASHBOARD_LIMITS.rotateMaxSeconds,
          precision: 0,
          span: HALF,
        },
      ],
    },
  };
}
