import { z } from 'zod';
import { idParamSchema } from '../schemas/common.js';
import {
  commandExchangeSchema,
  commandInputSchema,
  commandListQuerySchema,
  stationCommandPageSchema,
  stationCommandSchema,
} from '../schemas/control.js';
import {
  deviceParameterInputSchema,
  deviceParameterSchema,
  deviceParametersQuerySchema,
  deviceParametersReadSchema,
  deviceParameterUpdateSchema,
} from '../schemas/device-parameters.js';
import { defineEndpoint } from './endpoint.js';

const COUNTER_CONTROL = '/manager/settings/countercontrol/rest';

/** Settings › counter control (SPEC section 7: countercontrol get, update, delete, uploadList). */
export const counterControlEndpoints = {
  /** A page of the commands in scope, newest first; cached under ['countercontrol', …], the root a change invalidates. */
  get: defineEndpoint({
    method: 'GET',
    path: `${COUNTER_CONTROL}/get`,
    query: commandListQuerySchema,
    response: stationCommandPageSchema,
    key: ['countercontrol'],
  }),
  /** Queues a new command, or a resend of one (`id`); answers the record made. */
  update: defineEndpoint({
    method: 'POST',
    path: `${COUNTER_CONTROL}/update`,
    body: commandInputSchema,
    response: stationCommandSchema,
  }),
  /** Withdraws a command not yet sent; answers the record, now withdrawn. */
  remove: defineEndpoint({
    method: 'GET',
    path: `${COUNTER_CONTROL}/delete`,
    query: idParamSchema,
    response: stationCommandSchema,
  }),
  /** One command's packets and the station's uploads in answer, parsed. */
  uploadList: defineEndpoint({
    method: 'GET',
    path: `${COUNTER_CONTROL}/uploadList`,
    query: idParamSchema,
    response: commandExchangeSchema,
    key: ['countercontrol', 'exchange'],
  }),
};

const DEVICE_PARAMETERS = '/manager/settings/deviceParameters/rest';

/** Settings › device parameters (SPEC section 7: deviceParameters get, update, delete; readAll is ours). */
export const deviceParameterEndpoints = {
  /** A device's parameters, by name and factor; cached under ['deviceParameters', query]. */
  get: defineEndpoint({
    method: 'GET',
    path: `${DEVICE_PARAMETERS}/get`,
    query: deviceParametersQuerySchema,
    response: z.array(deviceParameterSchema),
    key: ['deviceParameters'],
  }),
  /** The value the platform wants; queues the command that sets it on the station. */
  update: defineEndpoint({
    method: 'POST',
    path: `${DEVICE_PARAMETERS}/update`,
    body: deviceParameterInputSchema,
    response: deviceParameterUpdateSchema,
  }),
  /** Forgets a stored parameter (the station keeps its value). */
  remove: defineEndpoint({
    method: 'GET',
    path: `${DEVICE_PARAMETERS}/delete`,
    query: idParamSchema,
    response: z.null(),
  }),
  /** Asks the station for everything it can report; answers the commands queued. */
  readAll: defineEndpoint({
    method: 'POST',
    path: `${DEVICE_PARAMETERS}/readAll`,
    body: deviceParametersReadSchema,
    response: z.array(stationCommandSchema),
  }),
};
