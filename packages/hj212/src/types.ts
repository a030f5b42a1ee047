/** Which standard a packet follows, told by the Flag version bits (HJ212.md §1, §5). */
export type Hj212Dialect = 'hj212-2005' | 'hj212-2017' | 'hj212-2025' | 'unknown';

export interface Hj212Flag {
  /** The raw Flag value, 0–255. */
  value: number;
  /** Bit 0 (A): the sender wants an answer. */
  ack: boolean;
  /** Bit 1 (D): the packet carries PNUM/PNO. */
  split: boolean;
  /** Bits 2–7 (V0–V5): 0 = 2005, 1 = 2017, 2 = 2025 / surface-water variant. */
  version: number;
}

/** Per-factor values of one monitoring factor (`w01018-Avg=40.1,w01018-Flag=N`). */
export interface Hj212Factor {
  code: string;
  /** Every field as received, by suffix (`Avg`, `Flag`, `Info` …), in arrival order; the source of truth. */
  values: Record<string, string>;
  rtd?: number;
  min?: number;
  avg?: number;
  max?: number;
  cou?: number;
  zsRtd?: number;
  zsMin?: number;
  zsAvg?: number;
  zsMax?: number;
  data?: number;
  dayData?: number;
  nightData?: number;
  /** `SBxxx-RS` equipment state. */
  rs?: number;
  /** `SBxxx-RT` run hours. */
  rt?: number;
  flag?: string;
  eFlag?: string;
  sampleTime?: string;
  /** Site information; `//…//` wrappers removed. */
  info?: string;
  sn?: string;
}

export interface Hj212Message {
  qn?: string;
  st: string;
  cn: string;
  pw?: string;
  mn?: string;
  flag?: Hj212Flag;
  pnum?: number;
  pno?: number;
  /** From the Flag version bits; packets without a Flag are 2005-style. */
  dialect: Hj212Dialect;
  /** Unrecognised header fields before `CP=`, kept so nothing is lost. */
  extra: Record<string, string>;
  /** `DataTime`, 14 digits or 17 with milliseconds. */
  dataTime?: string;
  /** CP fields that belong to no factor (`RtdInterval`, `QnRtn`, `BeginTime` …), raw text. */
  cp: Record<string, string>;
  factors: Hj212Factor[];
}

export type Hj212ErrorCode =
  | 'NO_HEADER'
  | 'BAD_LENGTH'
  | 'LENGTH_MISMATCH'
  | 'BAD_CRC_FORMAT'
  | 'CRC_MISMATCH'
  | 'BAD_ENCODING'
  | 'BAD_SEGMENT'
  | 'MISSING_FIELD'
  | 'BAD_FIELD'
  | 'BAD_CP';

export interface Hj212Error {
  code: Hj212ErrorCode;
  detail: string;
}

export interface Hj212FrameInfo {
  /** The declared data-segment length. */
  length: number;
  /** Whether the length counted UTF-8 bytes (standard) or characters (some vendors, with Chinese text). */
  lengthUnit: 'bytes' | 'chars';
  /** The CRC field as received. */
  crc: string;
  /** `modbus-swapped` only when the compatibility option accepted it. */
  crcAlgorithm: 'hj212' | 'modbus-swapped';
}

export type Hj212ParseResult =
  { ok: true; message: Hj212Message; frame: Hj212FrameInfo } | { ok: false; error: Hj212Error };

export type Hj212SegmentResult = { ok: true; message: Hj212Message } | { ok: false; error: Hj212Error };
