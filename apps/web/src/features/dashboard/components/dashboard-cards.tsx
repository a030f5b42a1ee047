import { useMemo, type ReactNode } from 'react';
import { Col, Row, type ColProps } from 'antd';
import type { DashboardCard, DashboardInfo } from '@envmon/shared';
import { AlarmsCard, ComplianceCard, StatesCard, TransmissionCard } from './stat-cards';
import { AirQualityCard, WaterClassesCard } from './distribution-cards';
import { LatestAlarmsCard, WorkOrdersCard } from './alarm-list-cards';
import { MapCard } from './map-card';
import { StationsCard } from './stations-card';
import { TrendsCard } from './trends-card';

/**
 * One card of the configuration with its slice of the snapshot. Each card is memoised on its slice, and
 * the live state replaces only the slices a push changed, so a push re-renders the cards it concerns.
 */
export function renderCard(card: DashboardCard, info: DashboardInfo, focusId?: number): ReactNode {
  const { rotateSeconds } = info.config;
  switch (card) {
    case 'states':
      return <StatesCard states={info.states} />;
    case 'transmission':
      return <TransmissionCard transmission={info.transmission} />;
    case 'alarms':
      return <AlarmsCard alarms={info.alarms} />;
    case 'compliance':
      return <ComplianceCard compliance={info.compliance} />;
    case 'waterClasses':
      return <WaterClassesCard counts={info.waterClasses} />;
    case 'airQuality':
      return <AirQualityCard counts={info.airQuality} />;
    case 'map':
      return <MapCard stations={info.stations} focusId={focusId} />;
    case 'latestAlarms':
      return <LatestAlarmsCard alarms={info.latestAlarms} rotateSeconds={rotateSeconds} />;
    case 'trends':
      return <TrendsCard trends={info.trends} />;
    case 'stations':
      return <StationsCard stations={info.stations} rotateSeconds={rotateSeconds} />;
    case 'workOrders':
      return <WorkOrdersCard orders={info.workOrders} rotateSeconds={rotateSeconds} />;
  }
}

type Width = 'quarter' | 'half' | 'whole';

const HOME_WIDTH: Readonly<Record<DashboardCard, Width>> = {
  states: 'quarter',
  transmission: 'quarter',
  compliance: 'quarter',
  alarms: 'quarter',
  waterClasses: 'half',
  airQuality: 'half',
  map: 'half',
  latestAlarms: 'half',
  trends: 'whole',
  stations: 'whole',
  workOrders: 'whole',
};

const COLS: Readonly<Record<Width, ColProps>> = {
  quarter: { xs: 24, md: 12, xl: 6 },
  half: { xs: 24, xl: 12 },
  whole: { xs: 24 },
};

const GUTTER: [number, number] = [16, 16];

/** The home's cards in the configuration's order, on antd's grid. */
export function HomeCards({ cards, info }: { cards: readonly DashboardCard[]; info: DashboardInfo }) {
  return (
    <Row gutter={GUTTER}>
      {cards.map((card) => (
        <Col key={card} className="dashboard-home-col" {...COLS[HOME_WIDTH[card]]}>
          {renderCard(card, info)}
        </Col>
      ))}
    </Row>
  );
}

/** Cards that take two columns (and the map two rows) of the wall's grid. */
const WALL_SPAN: Partial<Record<DashboardCard, string>> = {
  map: 'dashboard-wall__cell--map',
  latestAlarms: 'dashboard-wall__cell--wide',
  trends: 'dashboard-wall__cell--wide',
  stations: 'dashboard-wall__cell--wide',
  workOrders: 'dashboard-wall__cell--wide',
};

/** The wall's cards in the configuration's order, on a grid that fills the screen. */
export function WallCards({
  cards,
  info,
  focusId,
}: {
  cards: readonly DashboardCard[];
  info: DashboardInfo;
  focusId: number | undefined;
}) {
  const classes = useMemo(
    () => new Map(cards.map((card) => [card, ['dashboard-wall__cell', WALL_SPAN[card]].filter(Boolean).join(' ')])),
    [cards],
  );
  return (
    <div className="dashboard-wall">
      {cards.map((card) => (
        <div key={card} className={classes.get(card)}>
          {renderCard(card, info, focusId)}
        </div>
      ))}
    </div>
  );
}
