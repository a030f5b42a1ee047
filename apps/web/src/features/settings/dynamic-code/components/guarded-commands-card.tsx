import { COMMAND_CATALOGUE, COMMAND_FAMILIES, inCatalogueOrder } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Flex, Skeleton, Typography, theme } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { guardedCommandsQueryOptions } from '../api/get-guarded-commands';
import { useUpdateGuardedCommands } from '../api/update-guarded-commands';
import { DYNAMIC_CODE_WRITE } from './permissions';

const COLUMN_MIN_WIDTH = 280;

/** The catalogue by family, in the families' order; families without commands left out. */
const FAMILIES = COMMAND_FAMILIES.map((family) => ({
  family,
  cns: COMMAND_CATALOGUE.filter((c) => c.family === family).map((c) => c.cn),
})).filter((group) => group.cns.length > 0);

/**
 * Which commands need a dynamic code, as a checkbox list by family. Writers change and save it; others see it.
 */
export function GuardedCommandsCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const canWrite = useCan(DYNAMIC_CODE_WRITE);
  const idPrefix = useId();
  const guarded = useQuery(guardedCommandsQueryOptions());
  const update = useUpdateGuardedCommands();
  /** The writer's edits; null while the list is as stored. */
  const [edited, setEdited] = useState<string[] | null>(null);
  const selected = edited ?? guarded.data?.cns ?? [];

  const commandLabel = (cn: string) => {
    const label = t(`control.cn.${cn}`, { defaultValue: cn });
    return label === cn ? cn : `${cn} — ${label}`;
  };

  const change = (cns: readonly string[], checked: string[]) =>
    setEdited(inCatalogueOrder([...selected.filter((cn) => !cns.includes(cn)), ...checked]));

  const save = () =>
    update.mutate(
      { cns: selected },
      {
        onSuccess: () => {
          setEdited(null);
          void message.success(t('dynamicCode.messages.saved'));
        },
      },
    );

  return (
    <Card
      variant="borderless"
      title={t('dynamicCode.guarded.title')}
      extra={
        <Typography.Text type="secondary">
          {t('dynamicCode.guarded.selected', { selected: selected.length, total: COMMAND_CATALOGUE.length })}
        </Typography.Text>
      }
      data-testid="dynamic-code-guarded"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          {t('dynamicCode.guarded.description')} {canWrite ? null : t('dynamicCode.guarded.readOnly')}
        </Typography.Text>
        {guarded.isPending ? (
          <Skeleton active />
        ) : (
          FAMILIES.map(({ family, cns }) => {
            const headingId = `${idPrefix}-${family}`;
            return (
              <Flex vertical gap="small" key={family} role="group" aria-labelledby={headingId}>
                <Typography.Title level={5} id={headingId} style={{ margin: 0 }}>
                  {t(`control.family.${family}`, { defaultValue: family })}
                </Typography.Title>
                <Checkbox.Group<string>
                  value={selected.filter((cn) => cns.includes(cn))}
                  onChange={(checked) => change(cns, checked)}
                  disabled={!canWrite}
                  options={cns.map((cn) => ({ value: cn, label: commandLabel(cn) }))}
                  style={{
                    display: 'grid',
                    gridTemplateColumns: `repeat(auto-fill, minmax(${COLUMN_MIN_WIDTH}px, 1fr))`,
                    gap: token.marginXS,
                  }}
                />
              </Flex>
            );
          })
        )}
        {canWrite && (
          <Flex gap="small">
            <Button type="primary" onClick={save} loading={update.isPending} disabled={edited === null}>
              {t('dynamicCode.actions.save')}
            </Button>
            <Button onClick={() => setEdited(null)} disabled={edited === null || update.isPending}>
              {t('dynamicCode.actions.reset')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
