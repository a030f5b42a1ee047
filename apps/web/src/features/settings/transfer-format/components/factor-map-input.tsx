import { TRANSFER_FORMAT_LIMITS, type UpstreamProtocol } from '@envmon/shared';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FactorSelect } from '../../../../components/device-factor-select';
import { allFactorsQueryOptions } from '../../../../lib/factor-catalogue';

/** Columns of 24: factor, upstream code, ratio, decimals, remove. */
const SPAN = { factor: 9, code: 5, ratio: 4, decimals: 4, remove: 2 } as const;
const GUTTER = 8;
const NO_MARGIN = { marginBottom: 0 } as const;

/** The 2005 codes of the catalogue (HJ212.md): what a 2005 upstream gets for a factor left without its own code. */
function useLegacyCodes(): ReadonlyMap<string, string> {
  const catalogue = useQuery(allFactorsQueryOptions());
  return useMemo(
    () => new Map((catalogue.data ?? []).flatMap((f) => (f.legacyCode ? [[f.factorCode, f.legacyCode] as const] : []))),
    [catalogue.data],
  );
}

/** The placeholder of a line's upstream code: what goes when it is left empty. */
function CodePlaceholderInput({
  line,
  protocol,
  legacy,
  label,
}: {
  line: number;
  protocol: UpstreamProtocol;
  legacy: ReadonlyMap<string, string>;
  label: string;
}) {
  const { t } = useTranslation();
  const factorCode = Form.useWatch<string | undefined>(['factors', line, 'factorCode']);
  const fallback =
    protocol === '2005' && factorCode ? (legacy.get(factorCode) ?? factorCode) : t('transferFormat.factorMap.sameCode');
  return (
    <Form.Item name={[line, 'upstreamCode']} style={NO_MARGIN}>
      <Input aria-label={label} placeholder={fallback} maxLength={TRANSFER_FORMAT_LIMITS.factorCodeMax} allowClear />
    </Form.Item>
  );
}

/**
 * The factor map (our factor → the upstream's code, ratio, decimals), the form's `factors`: none is every factor
 * under the protocol's codes. The factors offered follow the chosen devices' kind; each box is labelled with its
 * column and line for screen readers.
 */
export function FactorMapInput({ protocol, deviceIds }: { protocol: UpstreamProtocol; deviceIds: readonly number[] }) {
  const { t } = useTranslation();
  const legacy = useLegacyCodes();
  const title = {
    factor: t('transferFormat.factorMap.factor'),
    code: t('transferFormat.factorMap.upstreamCode'),
    ratio: t('transferFormat.factorMap.ratio'),
    decimals: t('transferFormat.factorMap.decimals'),
  };
  const labelOf = (column: string, line: number) => `${column} ${line + 1}`;
  return (
    <Form.List name="factors">
      {(lines, { add, remove }) => (
        <>
          {lines.length > 0 ? (
            <Row gutter={GUTTER} aria-hidden>
              <Col span={SPAN.factor}>
                <Typography.Text type="secondary">{title.factor}</Typography.Text>
              </Col>
              <Col span={SPAN.code}>
                <Typography.Text type="secondary">{title.code}</Typography.Text>
              </Col>
              <Col span={SPAN.ratio}>
                <Typography.Text type="secondary">{title.ratio}</Typography.Text>
              </Col>
              <Col span={SPAN.decimals}>
                <Typography.Text type="secondary">{title.decimals}</Typography.Text>
              </Col>
            </Row>
          ) : null}
          {lines.map(({ key, name }) => (
            <Row key={key} gutter={GUTTER} style={{ marginBlock: 4 }} data-testid={`factor-line-${name}`}>
              <Col span={SPAN.factor}>
                <Form.Item name={[name, 'factorCode']} style={NO_MARGIN}>
                  <FactorSelect devices={deviceIds} aria-label={labelOf(title.factor, name)} />
                </Form.Item>
              </Col>
              <Col span={SPAN.code}>
                <CodePlaceholderInput
                  line={name}
                  protocol={protocol}
                  legacy={legacy}
                  label={labelOf(title.code, name)}
                />
              </Col>
              <Col span={SPAN.ratio}>
                <Form.Item name={[name, 'ratio']} style={NO_MARGIN}>
                  <InputNumber aria-label={labelOf(title.ratio, name)} min={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={SPAN.decimals}>
                <Form.Item name={[name, 'decimals']} style={NO_MARGIN}>
                  <InputNumber
                    aria-label={labelOf(title.decimals, name)}
                    placeholder={t('transferFormat.factorMap.asStored')}
                    min={0}
                    max={TRANSFER_FORMAT_LIMITS.decimalsMax}
                    precision={0}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col span={SPAN.remove}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('transferFormat.factorMap.remove')} ${name + 1}`}
                  onClick={() => remove(name)}
                />
              </Col>
            </Row>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ upstreamCode: null, ratio: 1, decimals: null })}
            disabled={lines.length >= TRANSFER_FORMAT_LIMITS.factorsPerDevice}
            style={{ marginTop: 4 }}
          >
            {t('transferFormat.factorMap.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
