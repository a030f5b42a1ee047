import { type Device, factorKindOfDeviceType, type FactorKindName, type Page } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { projectDevicesQueryOptions } from '../../../../lib/device-list';

/** A station whose data may be audited: a water or an air station. */
export interface AuditStation {
  id: number;
  name: string;
  code: string;
  kind: FactorKindName;
  /** Its data times are on its clock. */
  utcOffsetMinutes: number;
}

export const auditStationsOf = (page: Page<Device>): AuditStation[] =>
  page.list.flatMap((device) => {
    const kind = factorKindOfDeviceType(device.deviceType);
    return kind
      ? [
          {
            id: device.id,
            name: device.deviceName,
            code: device.deviceCode,
            kind,
            utcOffsetMinutes: device.utcOffsetMinutes,
          },
        ]
      : [];
  });

/** The water and air stations of the header's project as the caller sees them (the device selects' one list). */
export const auditStationsQueryOptions = (projectId: number | undefined) =>
  queryOptions({ ...projectDevicesQueryOptions(projectId), select: auditStationsOf });
