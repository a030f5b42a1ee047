import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WaterStation } from '../api/get-water-stations';

const PICKER_WIDTH = 320;
const PICKER_ID = 'water-control-station';

/** The station the panel controls: the water stations in scope, found by typing part of a name or MN. */
export function StationPicker({
  stations,
  loading,
  value,
  onChange,
}: {
  stations: readonly WaterStation[];
  loading: boolean;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form layout="inline" component="div">
      <Form.Item label={t('waterControl.station.label')} htmlFor={PICKER_ID} style={{ marginInlineEnd: 0 }}>
        <Select<number>
          id={PICKER_ID}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          loading={loading}
          value={value ?? undefined}
          onChange={(id) => onChange(id ?? null)}
          placeholder={t('waterControl.station.placeholder')}
          options={stations.map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
          style={{ width: PICKER_WIDTH }}
          data-testid="water-control-station"
        />
      </Form.Item>
    </Form>
  );
}
