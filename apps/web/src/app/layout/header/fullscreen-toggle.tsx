import { useEffect, useState } from 'react';
import { App } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HeaderTooltipButton } from './header-button';

/** Fullscreen on and off; browsers without the API get the spec's warning (SPEC section 8). */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [active, setActive] = useState(() => document.fullscreenElement !== null);

  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('common.messages.fullscreenUnsupported'));
      return;
    }
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => void message.warning(t('common.messages.fullscreenUnsupported')));
  };

  return (
    <HeaderTooltipButton
      icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      label={t(active ? 'layout.header.exitFullscreen' : 'layout.header.fullscreen')}
      onClick={toggle}
    />
  );
}
