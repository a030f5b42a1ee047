import { formatHj212Time, parseHj212Time, parsePacket } from '@envmon/hj212';
import type { CommandSpec, CommandUpload, UploadField } from '@envmon/shared';
import type { ExchangedPacket } from '../../gateway/command-channel.js';
import { ANSWER_CNS } from '../../gateway/replies.js';

/** The `//…//` HJ 212 wraps log text in (HJ212.md §6). */
const WRAPPED = /^\/\/(.*)\/\/$/s;

/**
 * A command's CP as the station receives it (HJ212.md §6): times entered as epoch ms go out on the station's
 * clock (1012 without one: the platform's clock now), and 3021's value as `<InfoId>-Info`.
 */
export function commandCp(
  command: CommandSpec,
  parameters: Record<string, string>,
  utcOffsetMinutes: number,
  now: number,
): Record<string, string> {
  const cp: Record<string, string> = {};
  for (const parameter of command.parameters) {
    const value = parameters[parameter.name];
    if (parameter.name === 'SystemTime' && command.cn === '1012' && !value) {
      cp.SystemTime = formatHj212Time(now, utcOffsetMinutes);
      continue;
    }
    if (value === undefined || value === '') continue;
    if (parameter.kind === 'time') cp[parameter.name] = formatHj212Time(Number(value), utcOffsetMinutes);
    else if (parameter.name === 'Info') cp[`${parameters.InfoId ?? ''}-Info`] = value;
    else cp[parameter.name] = value;
  }
  return cp;
}

/**
 * What a station uploaded in answer to a command: its received packets other than the answers (9011–9014), each
 * parsed into fields — the CP's own (SystemTime, RtdInterval, MinInterval, VaseNo, CstartTime, Ctime …) about the
 * packet's PolId, and each factor's (`w01018-SN`, `w01018-Stime`, `i13004-Info`): a 3020 information field's key is
 * its InfoId and its item the PolId. A packet that no longer parses is left out (it is still among the packets).
 */
export function commandUploads(packets: readonly ExchangedPacket[], utcOffsetMinutes: number): CommandUpload[] {
  const uploads: CommandUpload[] = [];
  for (const packet of packets) {
    if (packet.direction !== 'received') continue;
    const result = parsePacket(packet.raw);
    if (!result.ok || ANSWER_CNS.has(result.message.cn)) continue;
    const { message } = result;
    const polId = message.cp.PolId ?? null;
    const fields: UploadField[] = [];
    for (const [key, value] of Object.entries(message.cp)) {
      if (key !== 'PolId') fields.push({ item: polId, key, value });
    }
    for (const factor of message.factors) {
      for (const [suffix, value] of Object.entries(factor.values)) {
        const text = value.replace(WRAPPED, '$1');
        fields.push(
          suffix === 'Info'
            ? { item: polId, key: factor.code, value: text }
            : { item: factor.code, key: suffix, value: text },
        );
      }
    }
    const dataTime =
      message.dataTime === undefined ? null : (parseHj212Time(message.dataTime, utcOffsetMinutes)?.getTime() ?? null);
    uploads.push({ cn: message.cn, at: packet.at, dataTime, fields });
  }
  return uploads;
}
