import type { CommandState } from '@envmon/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS } from '../../counter-control/components/command-vocabulary';

/** The state of the last command that read or set a parameter. */
export function CommandStateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {t(`control.state.${state}`)}
    </Tag>
  );
}
