import type { CommandState } from '@envmon/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS } from '../utils/command-state';

/** A command's state, in its colour. */
export function CommandStateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {t(`control.state.${state}`)}
    </Tag>
  );
}
