import { type Hj212Message, parsePacket } from '@envmon/hj212';
import type { ForwardCn } from '@envmon/shared';
import type { DomainEvents } from '../../events/bus.js';
import { STATE_CNS } from '../../gateway/packet-data.js';
import type { ForwardHistoryRepository } from './forward-history.repository.js';
import { type ForwardTarget, serialiseForward, upstreamFactorCode } from './forward-packet.js';
import { type ForwardItem, type ForwardTargetRow, itemsFor } from './forward-queue.repository.js';

/**
 * Equipment-state uploads forwarded (issue 20): 2021 run state (`SBxxx-RS`), 2041 run time (`SBxxx-RT`) and 2081
 * restart (`RestartTime`) are stored as original packets only, so they are queued by (CN, DataTime) like the data
 * kinds and, when sent, read back from the stored packet and written anew for the upstream. They are the gateway's
 * `STATE_CNS`, each a CN an upstream may take.
 */
export const isStateCn = (cn: string): cn is ForwardCn => STATE_CNS.has(cn);

/** The queue items of a state upload: one per upstream device that takes its CN from this device, from its fromTime. */
export function stateItems(targets: readonly ForwardTargetRow[], event: DomainEvents['state.received']): ForwardItem[] {
  if (!isStateCn(event.cn)) return [];
  return itemsFor(targets, event.deviceId, event.cn, event.dataTime);
}

/**
 * A stored state packet as the upstream gets it: its CP fields as the station sent them (`SB1-RS`, `SB1-RT`,
 * `RestartTime` …), factor codes mapped as configured (equipment codes SBxxx are no factors and stay), under the
 * upstream's MN, password, ST and protocol with a fresh QN; DataTime the upload's key on the station's clock (for
 * a 2081 without one: when it was received).
 */
export function encodeStatePacket(
  stored: Hj212Message,
  cn: ForwardCn,
  key: number,
  target: ForwardTarget,
  qn: string,
): string {
  const byCode = new Map(target.factors.map((m) => [m.factorCode, m]));
  return serialiseForward(
    target,
    qn,
    cn,
    key,
    stored.cp,
    stored.factors.map((f) => ({
      code: upstreamFactorCode(f.code, target.protocol, byCode.get(f.code)),
      values: { ...f.values },
    })),
  );
}

/** Reads and encodes queued state uploads for Forwarder.upload. */
export class StateUploads {
  constructor(private readonly history: Pick<ForwardHistoryRepository, 'statePacket'>) {}

  /** One queued state upload for the upstream, with the QN `nextQn` gives; null when its packet is gone. */
  async upload(
    target: ForwardTargetRow,
    encoding: ForwardTarget,
    cn: ForwardCn,
    key: number,
    nextQn: () => string,
  ): Promise<{ qn: string; packet: string } | null> {
    const raw = await this.history.statePacket(target.deviceId, cn, key);
    if (raw === null) return null;
    const parsed = parsePacket(raw, { acceptModbusCrc: true });
    if (!parsed.ok) return null;
    const qn = nextQn();
    return { qn, packet: encodeStatePacket(parsed.message, cn, key, encoding, qn) };
  }
}
