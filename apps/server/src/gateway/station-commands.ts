import type { CommandOptions, CommandOutcome, CommandRequest } from './command-channel.js';
import type { Gateway } from './gateway.js';

/**
 * Requests to stations as the HTTP side sees them (device sync, reissue): whether a station is
 * connected to a gateway, and a command's outcome. Asynchronous because in a cluster the gateway
 * holding the station is another process (nats-commands.ts); in one process it is this one's.
 */
export interface StationCommands {
  isConnected(deviceCode: string): Promise<boolean>;
  /** Without options the gateway's own command options apply. */
  sendCommand(deviceCode: string, request: CommandRequest, options?: CommandOptions): Promise<CommandOutcome>;
}

/** This process's gateway. */
export function localStationCommands(gateway: Gateway): StationCommands {
  return {
    isConnected: (deviceCode) => Promise.resolve(gateway.isConnected(deviceCode)),
    sendCommand: (deviceCode, request, options) => gateway.sendCommand(deviceCode, request, options),
  };
}
