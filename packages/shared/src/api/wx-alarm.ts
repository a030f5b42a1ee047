import {
  wxAlarmDynamicCodeInputSchema,
  wxAlarmDynamicCodeSchema,
  wxAlarmReplySchema,
  wxAlarmSettingsInputSchema,
  wxAlarmSettingsSchema,
} from '../schemas/wx-alarm.js';
import { defineEndpoint } from './endpoint.js';

const WX_ALARM = '/manager/settings/wxalarm/rest';

/** The WeChat alarm settings' calls (SPEC section 7 'wxalarm'). */
export const wxAlarmEndpoints = {
  /** The settings, webhook key masked; cached under ['wxAlarm', 'settings'], which a save overwrites. */
  get: defineEndpoint({
    method: 'GET',
    path: `${WX_ALARM}/get`,
    response: wxAlarmSettingsSchema,
    key: ['wxAlarm', 'settings'],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${WX_ALARM}/update`,
    body: wxAlarmSettingsInputSchema,
    response: wxAlarmSettingsSchema,
  }),
  /** A test message through the saved webhook. */
  send: defineEndpoint({ method: 'POST', path: `${WX_ALARM}/send`, response: wxAlarmReplySchema }),
  dynamicCode: defineEndpoint({
    method: 'POST',
    path: `${WX_ALARM}/dynamicCode`,
    body: wxAlarmDynamicCodeInputSchema,
    response: wxAlarmDynamicCodeSchema,
  }),
};
