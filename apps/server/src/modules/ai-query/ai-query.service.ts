import {
  AI_CNS,
  AI_MAX_PACKETS,
  DEFAULT_UTC_OFFSET_MINUTES,
  type AiQuery,
  type AiResult,
  type GatherFactor,
} from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import { type DeviceScopeReader, type ScopeReader, scopeOf } from '../device/device-scope.js';
import { toAiRows } from './ai-query.mapper.js';
import type { AiQueryRepository } from './ai-query.repository.js';

/**
 * The AI query (analog input): a device's engineering values beside the analog signal of their channels,
 * read from its stored real-time or minute uploads (the measurements table keeps no analog value).
 */
export class AiQueryService {
  constructor(
    private readonly repo: AiQueryRepository,
    private readonly scopes: DeviceScopeReader,
  ) {}

  async query(query: AiQuery, reader: ScopeReader): Promise<AiResult> {
    if (!(await this.scopes.visible(query.deviceId, scopeOf(query, reader)))) throw new DomainError('notFound');
    const [packets, offset] = await Promise.all([
      this.repo.packets(query.deviceId, AI_CNS[query.kind], query.beginTime, query.endTime, AI_MAX_PACKETS + 1),
      this.repo.deviceOffset(query.deviceId),
    ]);
    const utcOffsetMinutes = offset ?? DEFAULT_UTC_OFFSET_MINUTES;
    const truncated = packets.length > AI_MAX_PACKETS;
    const kept = truncated ? packets.slice(0, AI_MAX_PACKETS) : packets;
    const wanted = new Set(query.factorCodes);
    const rows = kept.flatMap((p) => toAiRows(p, query.kind, wanted, utcOffsetMinutes));
    const codes = [...new Set(rows.map((r) => r.factorCode))].sort();
    const known = new Map((await this.repo.factors(codes)).map((f) => [f.factorCode, f]));
    const factors: GatherFactor[] = codes.map(
      (code) =>
        known.get(code) ?? { factorCode: code, factorName: null, factorNameEn: null, unit: null, decimals: null },
    );
    return { rows, factors, truncated, utcOffsetMinutes };
  }
}
