import { useRef } from 'react';
import { DeviceMap, type DeviceMapDevice } from '../../../../components/map';
import { usePanelHeight } from '../hooks/use-panel-height';

/** The map, filling the window below its top (measured once the tab shows it). */
export function DeviceMapPanel({
  devices,
  selectedId,
  onSelect,
}: {
  devices: DeviceMapDevice[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const top = useRef<HTMLDivElement>(null);
  const height = usePanelHeight(top);
  return (
    <div ref={top} style={{ height, position: 'relative' }} data-testid="device-map-panel">
      <DeviceMap devices={devices} selectedId={selectedId ?? undefined} onSelect={onSelect} />
    </div>
  );
}
