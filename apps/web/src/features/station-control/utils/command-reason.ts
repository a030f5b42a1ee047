import type { CommandReason } from '@envmon/shared';
import type { TFunction } from 'i18next';

/** The key saying why a command ended without the station's answer (control.reason, not the device-sync messages). */
export const reasonKey = (reason: CommandReason): string => `control.reason.${reason}`;

/** Why a command ended without the station's answer, in words. */
export const reasonText = (reason: CommandReason, t: TFunction): string => t(reasonKey(reason));
