import type { Factor } from '@envmon/shared';
import { App, Card, Col, Flex, InputNumber, Row, Select, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WaterStation } from '../api/get-water-stations';
import type { CommandSender } from '../hooks/use-command-sender';
import { type PanelAction, panelGroups } from '../utils/panel-actions';
import { ActionItem, type Blocked } from './action-item';

/** The run mode offered first (the range is the command's: RunMode 0–9). */
const DEFAULT_RUN_MODE = 0;
const FACTOR_WIDTH = 260;
const RUN_MODE_WIDTH = 150;
/** Columns of actions by screen width: one on a phone, up to four on a wide screen. */
const ACTION_COLS = { xs: 24, md: 12, xl: 8, xxl: 6 } as const;

/**
 * The station's control panel: the actions its type is offered, by family, each with its latest command's live
 * state. The per-factor actions (calibration and checks) act on the factor chosen above them.
 */
export function ControlPanel({
  station,
  factors,
  factorName,
  readOnly,
  sender,
}: {
  station: WaterStation;
  factors: readonly Factor[] | undefined;
  factorName: (code: string) => string;
  /** Why the user may not send, or null when they may. */
  readOnly: Blocked;
  sender: CommandSender;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const groups = panelGroups(station.deviceType);
  const [chosenFactor, setFactor] = useState<string | null>(null);
  const [runMode, setRunMode] = useState<number>(DEFAULT_RUN_MODE);
  const factor = chosenFactor ?? factors?.[0]?.factorCode ?? null;
  const runModeSpec = groups.flatMap((g) => g.actions).find((a) => a.input === 'runMode')?.spec;
  const runModeRange = runModeSpec?.parameters.find((p) => p.name === 'RunMode');

  const parametersOf = (action: PanelAction): Record<string, string> | null => {
    switch (action.input) {
      case 'none':
        return {};
      case 'factor':
        return factor === null ? null : { PolId: factor };
      case 'runMode':
        return { RunMode: String(runMode) };
    }
  };

  const send = (action: PanelAction) => {
    const parameters = parametersOf(action);
    if (parameters === null) return;
    if (!action.confirm) {
      sender.send(action.cn, parameters);
      return;
    }
    void modal.confirm({
      title: t('waterControl.confirm.title', { command: t(`control.cn.${action.cn}`) }),
      content: t(`waterControl.confirm.${action.cn}`),
      okText: t('waterControl.confirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () => sender.send(action.cn, parameters),
    });
  };

  const blockedOf = (action: PanelAction): Blocked => {
    if (readOnly !== null) return readOnly;
    if (action.input === 'factor' && factor === null) return t('waterControl.panel.chooseFactor');
    return null;
  };

  const inputOf = (action: PanelAction) =>
    action.input === 'runMode' ? (
      <InputNumber<number>
        min={runModeRange?.min}
        max={runModeRange?.max}
        precision={0}
        value={runMode}
        onChange={(value) => setRunMode(value ?? DEFAULT_RUN_MODE)}
        aria-label={t('control.param.RunMode')}
        prefix={t('control.param.RunMode')}
        style={{ width: RUN_MODE_WIDTH }}
        disabled={readOnly !== null}
        data-testid="water-control-run-mode"
      />
    ) : undefined;

  return (
    <Card variant="borderless" title={t('waterControl.panel.title')} data-testid="water-control-panel">
      <Flex vertical gap="large">
        {groups.map((group) => {
          const titleId = `water-control-family-${group.family}`;
          const perFactor = group.actions.some((a) => a.input === 'factor');
          return (
            <section key={group.family} aria-labelledby={titleId}>
              <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: token.marginXS }}>
                <Typography.Title level={5} id={titleId} style={{ margin: 0 }}>
                  {t(`control.family.${group.family}`)}
                </Typography.Title>
                {perFactor ? (
                  <Flex gap="small" align="center">
                    <label htmlFor="water-control-factor">{t('waterControl.panel.factor')}</label>
                    <Select<string>
                      id="water-control-factor"
                      showSearch={{ optionFilterProp: 'label' }}
                      value={factor ?? undefined}
                      onChange={setFactor}
                      options={(factors ?? []).map((f) => ({ value: f.factorCode, label: factorName(f.factorCode) }))}
                      placeholder={t('waterControl.panel.factorPlaceholder')}
                      notFoundContent={t('waterControl.panel.noFactors')}
                      style={{ width: FACTOR_WIDTH }}
                      data-testid="water-control-factor"
                    />
                  </Flex>
                ) : null}
              </Flex>
              <Row gutter={[token.marginSM, token.marginSM]}>
                {group.actions.map((action) => (
                  <Col key={action.cn} {...ACTION_COLS}>
                    <ActionItem
                      action={action}
                      deviceId={station.id}
                      blocked={blockedOf(action)}
                      sending={sender.sending(action.cn)}
                      error={sender.errorOf(action.cn)}
                      input={inputOf(action)}
                      onSend={() => send(action)}
                      factorName={factorName}
                    />
                  </Col>
                ))}
              </Row>
            </section>
          );
        })}
      </Flex>
    </Card>
  );
}
