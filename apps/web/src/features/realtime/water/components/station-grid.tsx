import { Col, Empty, Flex, Row, Spin } from 'antd';
import type { ReactNode } from 'react';

/** Cards per row by screen width. */
const COLUMNS = { xs: 24, md: 12, xl: 8, xxl: 6 } as const;

interface StationGridProps<S> {
  stations: readonly S[];
  pending: boolean;
  /** A failed load shows its alert above the grid, not an empty state. */
  failed: boolean;
  empty: ReactNode;
  render: (station: S) => ReactNode;
}

/** The station cards of the water and overflow screens, a spinner while loading, or the empty state. */
export function StationGrid<S extends { deviceId: number }>({
  stations,
  pending,
  failed,
  empty,
  render,
}: StationGridProps<S>) {
  if (pending) {
    return (
      <Flex justify="center">
        <Spin />
      </Flex>
    );
  }
  if (stations.length === 0) return failed ? null : <Empty description={empty} />;
  return (
    <Row gutter={[16, 16]}>
      {stations.map((station) => (
        <Col key={station.deviceId} {...COLUMNS}>
          {render(station)}
        </Col>
      ))}
    </Row>
  );
}
