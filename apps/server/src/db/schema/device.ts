import type { Generated } from 'kysely';

/** Stations and what hangs off them: grouping, factors (catalogue and per device), status, virtual devices. */
export interface DeployClassifyTable {
  id: Generated<number>;
  deployName: string;
  deployNameEn: string | null;
  deployType: number;
  createTime: number;
}

export interface DevicesTable {
  id: Generated<number>;
  deviceName: string;
  /** The station's MN: its identity on the wire. */
  deviceCode: string;
  /** HJ 212 system code (ST) of the station: 21 surface water, 22 air … */
  deviceType: string;
  /** The station's PW; packets must carry it when set. */
  password: string | null;
  /** Seconds between the station's reports; offline after a multiple of it without a packet. */
  intervalTime: Generated<number>;
  /** The offset of the station's clock from UTC (Beijing: 480). */
  utcOffsetMinutes: Generated<number>;
  acceptModbusCrc: Generated<number>;
  projectId: number | null;
  lng: number | null;
  lat: number | null;
  installName: string | null;
  installDate: number | null;
  installAddress: string | null;
  installPicId: string | null;
  installPhoto: string | null;
  contactCompany: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
  maintainId: number | null;
  weather: string | null;
  ifValid: Generated<number>;
  remark: string | null;
  preserve02: string | null;
  preserve03: string | null;
  createTime: number;
  updateTime: number;
}

export interface FactorsTable {
  factorCode: string;
  factorName: string;
  factorNameEn: string;
  legacyCode: string | null;
  kind: string;
  unit: string | null;
  decimals: number | null;
  rangeMin: number | null;
  rangeMax: number | null;
  zeroIsSuspect: number;
  constantCount: number;
  riseRatio: number | null;
  dropRatio: number | null;
  builtIn: number;
  /** The factor's category in the catalogue, e.g. 'isotope' (FACTOR_CATEGORY_ISOTOPE); null for none. */
  category: string | null;
}

export interface DeviceStatusTable {
  deviceId: number;
  online: number;
  changedAt: number;
  lastPacketAt: number | null;
  remote: string | null;
  /** The node whose gateway saw the station last: only its successor marks the station offline at start. */
  nodeId: string | null;
}

/** A device's place in a grouping of one type (SPEC 'device grouping record'); one group per type and device. */
export interface DeviceDeployTable {
  id: Generated<number>;
  deviceId: number;
  deployId: number;
  /** The group's deployType, kept here so that (device, type) can be unique. */
  deployType: number;
}

/** A virtual device: a named subset of a station's factors under a code of its own. */
export interface VirtualDevicesTable {
  id: Generated<number>;
  deviceId: number;
  virtualName: string;
  virtualCode: string;
  /** Factor codes, comma separated, in the operator's order. */
  factorCodes: string;
  remark: string | null;
  createTime: number;
}

/** A device's monitor factor with its per-device settings; null quality parameters mean "the factor's". */
export interface DeviceFactorsTable {
  id: Generated<number>;
  deviceId: number;
  factorCode: string;
  unit: string | null;
  standardLimit: number | null;
  displayOrder: number;
  rangeMin: number | null;
  rangeMax: number | null;
  zeroIsSuspect: number | null;
  constantCount: number | null;
  riseRatio: number | null;
  dropRatio: number | null;
}
