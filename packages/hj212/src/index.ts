export { formatCrc, hj212Crc, modbusCrc } from './crc.js';
export {
  FrameDecoder,
  type FrameDecoderErrorCode,
  type FrameDecoderItem,
  type FrameDecoderOptions,
} from './decoder.js';
export {
  FACTORS,
  factorByCode,
  factorsOfKind,
  normaliseFactorCode,
  type FactorDefinition,
  type FactorKind,
} from './factors.js';
export { frameSegment, MAX_SEGMENT_LENGTH, parsePacket, serialisePacket, type ParseOptions } from './packet.js';
export { dialectOf, makeFactor, makeFlag, parseSegment, serialiseSegment, splitFields, unwrapText } from './segment.js';
export { formatHj212Time, parseHj212Time } from './time.js';
export type * from './types.js';
