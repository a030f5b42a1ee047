import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A query screen's card: a line on what the screen reads, then its filters and its answer. */
export function QueryCard({ testId, help, children }: { testId: string; help: string; children: ReactNode }) {
  return (
    <Card variant="borderless" data-testid={testId}>
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{help}</Typography.Text>
        {children}
      </Flex>
    </Card>
  );
}
