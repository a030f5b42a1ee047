import type { DashboardCard } from '@envmon/shared';

/** The screen (resource code) each card's figures come from; the card links there for users who reach it. */
export const CARD_SCREENS: Readonly<Record<DashboardCard, string>> = {
  states: 'realtime.data',
  transmission: 'report.transmission',
  alarms: 'alarm.list',
  compliance: 'report.multi-station',
  waterClasses: 'realtime.water',
  airQuality: 'realtime.data',
  map: 'system.device',
  latestAlarms: 'alarm.list',
  trends: 'realtime.chart',
  stations: 'realtime.data',
  workOrders: 'alarm.list',
};

/** The alarm screen opened on one alarm (its work order), as the header's alarm badge opens it. */
export const alarmPath = (alarmListPath: string, alarmId: number) =>
  `${alarmListPath}?${new URLSearchParams({ alarmId: String(alarmId) }).toString()}`;
