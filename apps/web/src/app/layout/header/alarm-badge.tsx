import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Modal, Skeleton } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Alarm } from '@envmon/shared';
import { useCan } from '../../../components/can';
import { vocabularyLang } from '../../../components/crud/cell-render';
import { DASHBOARD_PATH } from '../../../config/registry';
import {
  alarmSummary,
  askNotificationPermission,
  CurrentAlarmsTable,
  playAlarmSound,
  showAlarmNotification,
  useCurrentAlarms,
} from '../../../features/alarm';
import type { MenuGroup } from '../../menu/build-menu';
import { HOME_PATH } from '../../router/guard';
import { useSession } from '../../session-context';
import { HeaderTooltipButton } from './header-button';

const ALARM_LIST = 'alarm.list';
const DASHBOARD = 'realtime.dashboard';
/** Where the alarm screen is when the menu does not say (its resource path). */
const ALARM_LIST_FALLBACK = '/alarm/list';

/** Pulls the count onto the icon rather than past the button edge. */
const BADGE_OFFSET: [number, number] = [-6, 6];
const MODAL_WIDTH = 1100;

function pagePath(menu: readonly MenuGroup[], code: string): string | undefined {
  return menu.flatMap((group) => group.pages).find((page) => page.code === code)?.path;
}

/** The alarm badge (SPEC section 2 'Layout'), for users who may open the alarm screen. */
export function AlarmBadge() {
  return useCan(ALARM_LIST) ? <AlarmBadgeButton /> : null;
}

function AlarmBadgeButton() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);

  const alarmListPath = pagePath(session.menu, ALARM_LIST) ?? ALARM_LIST_FALLBACK;
  const dashboards = useMemo(
    () => new Set([HOME_PATH, DASHBOARD_PATH, pagePath(session.menu, DASHBOARD)].filter((path) => path !== undefined)),
    [session.menu],
  );
  const onDashboard = useRef(false);
  useEffect(() => {
    onDashboard.current = dashboards.has(pathname);
  }, [dashboards, pathname]);

  const alarms = useCurrentAlarms((raised: Alarm[]) => {
    askNotificationPermission();
    playAlarmSound();
    // The dashboard shows alarms itself; a desktop notification there would say it twice.
    if (!onDashboard.current) {
      showAlarmNotification(t('alarm.badge.notificationTitle'), alarmSummary(raised, vocabularyLang(i18n.language)));
    }
  });

  const openWorkOrder = (alarm: Alarm) => {
    setOpen(false);
    void navigate(`${alarmListPath}?${new URLSearchParams({ alarmId: String(alarm.id) }).toString()}`);
  };

  return (
    <>
      <Badge count={alarms.length} size="small" offset={BADGE_OFFSET}>
        <HeaderTooltipButton
          icon={<BellOutlined />}
          label={t('alarm.badge.open', { count: alarms.length })}
          onClick={() => {
            askNotificationPermission();
            setOpen(true);
          }}
          data-testid="alarm-badge"
        />
      </Badge>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        title={t('alarm.badge.title')}
        width={MODAL_WIDTH}
      >
        <Suspense fallback={<Skeleton active />}>
          <CurrentAlarmsTable alarms={alarms} onOpenWorkOrder={openWorkOrder} />
        </Suspense>
      </Modal>
    </>
  );
}
