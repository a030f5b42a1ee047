import { DEPLOY_TYPE, type Device, userCreateSchema, VOCABULARIES, type VocabularyName } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, ExportOutlined, FormOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Flex, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session-context';
import { QueryErrorAlert, RefreshButton } from '../../../components/crud/table-parts';
import { DateRangePicker } from '../../../components/date-range/date-range-picker';
import { DeviceTree, type TreeGroup, type TreeGrouping } from '../../../components/device-tree';
import { SchemaFormModal } from '../../../components/schema-form-modal';
import { SearchInput } from '../../../components/search-input';
import { FlagTag } from '../../../components/vocabulary/flag-tag';
import { VocabularyTag } from '../../../components/vocabulary/vocabulary-tag';
import { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';
import { formatDateTime } from '../../../lib/dayjs';
import { deployGroupsQueryOptions } from '../../../lib/deploy-groups';
import { getSelectedProjectId } from '../../../lib/project';
import { allDevicesQueryOptions, deployRecordsQueryOptions } from '../../device';
import { BlockCard } from '../components/block-card';
import { GalleryHeader } from '../components/gallery-header';

/** Vocabularies shown as the console shows them: tags in their colour, labels in the console language. */
const SHOWN_VOCABULARIES = [
  'alarmType',
  'alarmLevel',
  'alarmStatus',
  'validFlag',
  'deviceType',
  'dataFlag',
] as const satisfies readonly VocabularyName[];

const TREE_HEIGHT = 360;

export default function GalleryComponentsPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} data-testid="gallery-components">
      <GalleryHeader title={t('gallery.components.title')} intro={t('gallery.components.intro')} />
      <ButtonsBlock />
      <VocabularyBlock />
      <DateRangeBlock />
      <SchemaFormBlock />
      <DeviceTreeBlock />
    </Flex>
  );
}

/** The buttons of every list's toolbar and rows, as the lists use them (here they do nothing). */
function ButtonsBlock() {
  const { t } = useTranslation();
  return (
    <BlockCard prefix="gallery.components.buttons" testId="gallery-buttons">
      <Flex gap="small" wrap align="center">
        <Button type="primary" icon={<PlusOutlined />}>
          {t('common.actions.add')}
        </Button>
        <Button icon={<ExportOutlined />}>{t('common.actions.export')}</Button>
        <RefreshButton loading={false} onClick={() => undefined} />
        <Button type="link" size="small" icon={<EditOutlined />}>
          {t('common.actions.edit')}
        </Button>
        <Button type="link" size="small" danger icon={<DeleteOutlined />}>
          {t('common.actions.delete')}
        </Button>
      </Flex>
    </BlockCard>
  );
}

/** The shared vocabularies as tags, narrowed by the list search box. */
function VocabularyBlock() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const [search, setSearch] = useState('');
  const term = search.trim().toLocaleLowerCase();
  const shown = SHOWN_VOCABULARIES.map((name) => ({
    name,
    items: VOCABULARIES[name].items.filter(
      (item) => term === '' || item[lang].toLocaleLowerCase().includes(term) || item.value.toLowerCase() === term,
    ),
  })).filter(({ items }) => items.length > 0);
  return (
    <BlockCard prefix="gallery.components.vocabulary" testId="gallery-vocabulary">
      <Typography.Text type="secondary">{t('gallery.components.search.purpose')}</Typography.Text>
      <SearchInput
        label={t('gallery.components.search.label')}
        value={search}
        onChange={setSearch}
        testId="gallery-search"
        style={{ maxWidth: 360 }}
      />
      {shown.length === 0 ? (
        <Empty description={t('gallery.components.search.none')} />
      ) : (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={shown.map(({ name, items }) => ({
            key: name,
            label: t(`gallery.components.vocabulary.names.${name}`),
            children: (
              <Flex gap={4} wrap data-testid={`gallery-vocabulary-${name}`}>
                {items.map((item) =>
                  name === 'dataFlag' ? (
                    <FlagTag key={item.value} flag={item.value} />
                  ) : (
                    <VocabularyTag key={item.value} name={name} value={item.value} />
                  ),
                )}
              </Flex>
            ),
          }))}
        />
      )}
    </BlockCard>
  );
}

type Range = [Dayjs | null, Dayjs | null] | null;

/** The range picker every query and report screen uses, with its quick ranges. */
function DateRangeBlock() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(null);
  const [from, to] = range ?? [null, null];
  return (
    <BlockCard prefix="gallery.components.dateRange" testId="gallery-date-range">
      <Form layout="vertical">
        <Form.Item label={t('gallery.components.dateRange.label')} htmlFor="gallery-range">
          <DateRangePicker id="gallery-range" showTime value={range} onChange={(next) => setRange(next)} />
        </Form.Item>
      </Form>
      <Typography.Text data-testid="gallery-range-chosen">
        {from && to
          ? t('gallery.components.dateRange.chosen', {
              from: formatDateTime(from.valueOf()),
              to: formatDateTime(to.valueOf()),
            })
          : t('gallery.components.dateRange.none')}
      </Typography.Text>
    </BlockCard>
  );
}

interface AccountForm {
  userName?: string;
  name?: string;
  password?: string;
  phone?: string;
  email?: string;
}

const EMPTY_ACCOUNT: AccountForm = {};

/**
 * The dialog every form uses, checked with the server's own schema (the user form's, from
 * packages/shared): its messages appear under the fields. Nothing is saved here.
 */
function SchemaFormBlock() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AccountForm>();
  const [open, setOpen] = useState(false);
  return (
    <BlockCard prefix="gallery.components.schemaForm" testId="gallery-schema-form">
      <div>
        <Button icon={<FormOutlined />} onClick={() => setOpen(true)} data-testid="gallery-schema-form-open">
          {t('gallery.components.schemaForm.open')}
        </Button>
      </div>
      {open ? (
        <SchemaFormModal
          title={t('gallery.components.schemaForm.dialogTitle')}
          form={form}
          initialValues={EMPTY_ACCOUNT}
          schema={userCreateSchema}
          onSave={() => {
            void message.success(t('gallery.components.schemaForm.passed'));
            setOpen(false);
          }}
          saving={false}
          onClose={() => setOpen(false)}
          labelSpan={6}
          testId="gallery-schema-form-dialog"
        >
          <Typography.Paragraph type="secondary">{t('gallery.components.schemaForm.notSaved')}</Typography.Paragraph>
          <Form.Item name="userName" label={t('system.user.userName')} required>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('system.user.name')} required>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('system.user.password')} required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="phone" label={t('system.user.phone')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="email" label={t('system.user.email')}>
            <Input autoComplete="off" />
          </Form.Item>
        </SchemaFormModal>
      ) : null}
    </BlockCard>
  );
}

/** The device tree of the device panel and the real-time chart, on the devices of the header's project. */
function DeviceTreeBlock() {
  const { t } = useTranslation();
  const session = useSession();
  const projectId = getSelectedProjectId() ?? undefined;
  const [grouping, setGrouping] = useState<TreeGrouping>(DEPLOY_TYPE.project);
  const [selected, setSelected] = useState<Device | null>(null);
  const every = useQuery(allDevicesQueryOptions(projectId));
  const projects = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.project));
  const addresses = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.address));
  const records = useQuery(deployRecordsQueryOptions(grouping));
  const groups = useMemo<TreeGroup[]>(
    () => [...(projects.data ?? []), ...(addresses.data ?? [])],
    [projects.data, addresses.data],
  );
  const boundCodes = useMemo(() => new Set(session.user.deviceCodes), [session.user.deviceCodes]);
  const error = every.error ?? records.error ?? projects.error ?? addresses.error;
  const retry = () => {
    void every.refetch();
    void records.refetch();
    void projects.refetch();
    void addresses.refetch();
  };
  return (
    <BlockCard prefix="gallery.components.deviceTree" testId="gallery-device-tree">
      <QueryErrorAlert error={error} onRetry={retry} />
      <Flex gap="large" wrap>
        <div style={{ width: 340 }}>
          <DeviceTree<Device>
            devices={every.data ?? []}
            groups={groups}
            memberships={records.data ?? []}
            grouping={grouping}
            onGroupingChange={setGrouping}
            boundCodes={boundCodes}
            height={TREE_HEIGHT}
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
            loading={every.isPending}
          />
        </div>
        <div style={{ flex: 1, minWidth: 240 }} data-testid="gallery-tree-selected">
          {selected ? (
            <Descriptions
              column={1}
              size="small"
              title={t('gallery.components.deviceTree.selected')}
              items={[
                { key: 'name', label: t('gallery.components.deviceTree.deviceName'), children: selected.deviceName },
                { key: 'code', label: t('gallery.components.deviceTree.deviceCode'), children: selected.deviceCode },
                {
                  key: 'type',
                  label: t('gallery.components.deviceTree.deviceType'),
                  children: <VocabularyTag name="deviceType" value={selected.deviceType} />,
                },
                {
                  key: 'valid',
                  label: t('gallery.components.deviceTree.ifValid'),
                  children: <VocabularyTag name="validFlag" value={selected.ifValid} />,
                },
              ]}
            />
          ) : (
            <Empty description={t('gallery.components.deviceTree.pick')} />
          )}
        </div>
      </Flex>
    </BlockCard>
  );
}
