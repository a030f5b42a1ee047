import {
  ADMIN_HOME_CARDS,
  ADMIN_ROLE,
  CRUD,
  DASHBOARD_CARDS,
  DEPLOY_TYPE,
  type DashboardCard,
  type DashboardVariant,
  type DeployClassify,
  EDITOR_HOME_CARDS,
} from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { crudAllQueryOptions } from '../../../../components/crud/api/crud-queries';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { projectDevicesQueryOptions } from '../../../../lib/device-list';
import { deployGroupsQueryOptions } from '../../../../lib/deploy-groups';
import { allFactorsQueryOptions } from '../../../../lib/factor-catalogue';
import { useFactorOptions } from '../../../../components/use-select-options';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';

/** The home cards a variant starts from (SPEC section 2: admin and editor homes). */
export const HOME_CARDS_OF: Readonly<Record<DashboardVariant, readonly DashboardCard[]>> = {
  admin: ADMIN_HOME_CARDS,
  editor: EDITOR_HOME_CARDS,
};

/** The cards, by their labels. */
export const cardOptions = (t: TFunction) =>
  DASHBOARD_CARDS.map((card) => ({ value: card, label: t(`dashboard.cards.${card}`) }));

/** A user to configure, with the home variant their roles give them. */
export interface UserOption {
  value: number;
  label: string;
  variant: DashboardVariant;
}

/** Every user (admin prepares anyone's configuration), named as `name (userName)`. */
export function useAllUsersPicker(): { options: UserOption[]; loading: boolean } {
  const users = useQuery(crudAllQueryOptions(CRUD.user));
  const options = (users.data ?? []).map((user): UserOption => ({
    value: user.id,
    label: `${String(user.name)} (${String(user.userName)})`,
    variant: Array.isArray(user.roleNames) && user.roleNames.includes(ADMIN_ROLE) ? 'admin' : 'editor',
  }));
  return { options, loading: users.isPending };
}

const projectName = (project: DeployClassify, lang: 'zh' | 'en') =>
  lang === 'en' && project.deployNameEn ? project.deployNameEn : project.deployName;

/** The projects, for the configuration's project. */
export function useProjectPicker() {
  const lang = useVocabularyLang();
  const projects = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.project));
  const options = (projects.data ?? []).map((project) => ({ value: project.id, label: projectName(project, lang) }));
  return { options, loading: projects.isPending };
}

/** The stations of the chosen project (every station the signed-in user sees when none is chosen). */
export function useStationPicker(projectId: unknown) {
  const devices = useQuery(projectDevicesQueryOptions(typeof projectId === 'number' ? projectId : undefined));
  const options = (devices.data?.list ?? []).map((device) => ({
    value: device.id,
    label: `${device.deviceName} (${device.deviceCode})`,
  }));
  return { options, loading: devices.isPending };
}

/** The factor catalogue by name (with the code), grouped by kind. */
export const useTrendFactorPicker = () => useFactorOptions();

/** A configuration's project by its name; none: every project in the user's scope. */
export function ProjectName({ projectId }: { projectId: number | null }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const projects = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.project));
  if (projectId === null)
    return <Typography.Text type="secondary">{t('dashboardSettings.allProjects')}</Typography.Text>;
  const project = projects.data?.find((p) => p.id === projectId);
  return project ? projectName(project, lang) : EMPTY_CELL;
}

/** Trend factors by their names, in order; none: the factors most of the stations report. */
export function FactorNames({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const factors = useQuery(allFactorsQueryOptions());
  if (codes.length === 0)
    return <Typography.Text type="secondary">{t('dashboardSettings.defaultFactors')}</Typography.Text>;
  const byCode = new Map((factors.data ?? []).map((factor) => [factor.factorCode, factor]));
  return codes
    .map((code) => {
      const factor = byCode.get(code);
      if (!factor) return code;
      return lang === 'en' ? factor.factorNameEn : factor.factorName;
    })
    .join(t('common.messageParts.listSeparator'));
}
