import { ThunderboltOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../components/can';
import { ListPage } from '../../../../components/crud/list-page';
import { ListTabs } from '../../../../components/crud/list-tabs';
import { ApplicationsTable } from '../components/applications-table';
import { ApplyModal } from '../components/apply-modal';
import { OUTLIER_INTERVAL_LIST, OUTLIER_INTERVAL_WRITE } from '../outlier-interval-list';

/** The intervals (from their definition), with the action that re-applies them to stored values. */
function IntervalsTab() {
  const { t } = useTranslation();
  const [applying, setApplying] = useState(false);
  return (
    <Flex vertical gap="small">
      <Can code={OUTLIER_INTERVAL_WRITE}>
        <Flex justify="flex-end">
          <Button icon={<ThunderboltOutlined />} onClick={() => setApplying(true)} data-testid="outlier-apply-open">
            {t('outlierInterval.apply.open')}
          </Button>
        </Flex>
      </Can>
      <ListPage def={OUTLIER_INTERVAL_LIST} embedded />
      {applying ? <ApplyModal onClose={() => setApplying(false)} /> : null}
    </Flex>
  );
}

const TABS = [
  { key: 'intervals', label: 'outlierInterval.tabs.intervals', content: IntervalsTab },
  { key: 'applications', label: 'outlierInterval.tabs.applications', content: ApplicationsTable },
] as const;

/** Water station › outlier interval: the intervals and the record of their re-applications. */
export default function OutlierIntervalPage() {
  return <ListTabs testId="outlier-interval-page" tabs={TABS} />;
}
