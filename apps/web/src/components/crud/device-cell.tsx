import { Flex, Typography, theme } from 'antd';
import { EMPTY_CELL } from './constants';

/** A table's device: its name, and beneath it, smaller, the code the station sends (MN) where it has one. */
export function DeviceCell({ name, code }: { name: string | null | undefined; code: string | null | undefined }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical>
      <Typography.Text ellipsis>{name ?? EMPTY_CELL}</Typography.Text>
      {code ? (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {code}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
