import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getSelectedProjectId, setSelectedProjectId } from '../../../lib/project';
import { projectsQueryOptions } from '../../api/projects';
import { usePreferences } from '../../providers/preferences';

/** Screens read the project when they load, so a change reloads the page (SPEC section 4). */
export function ProjectSelector({ width }: { width: number }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const projects = useQuery(projectsQueryOptions());
  const selected = getSelectedProjectId();
  return (
    <Select<number>
      className="app-project-selector"
      aria-label={t('layout.project.label')}
      style={{ width }}
      placeholder={t('layout.project.placeholder')}
      loading={projects.isPending}
      value={projects.data?.some((p) => p.id === selected) ? selected : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={t('layout.project.empty')}
      options={(projects.data ?? []).map((project) => ({
        value: project.id,
        label: language === 'en-US' ? project.deployNameEn || project.deployName : project.deployName,
      }))}
      onChange={(value?: number) => {
        setSelectedProjectId(value ?? null);
        window.location.reload();
      }}
    />
  );
}
