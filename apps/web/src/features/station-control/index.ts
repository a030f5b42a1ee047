/**
 * The station-control domain's public surface: what the screens that send commands to stations share
 * (Settings › counter control, Settings › device parameters, Water station › control) — the command queries
 * and their keys, the guarded commands, the states' colours, the dynamic-code refusals, the reasons in words,
 * and the parameter and dynamic-code fields.
 */
export { commandKeys } from './api/keys';
export { ACTIVE_REFETCH_MS, commandPageQueryOptions, hasActive } from './api/get-commands';
export { exchangeQueryOptions } from './api/get-exchange';
export { DEFAULT_GUARDED_COMMANDS, useGuardedCommands } from './api/guarded-commands';
export { CommandStateTag } from './components/command-state-tag';
export { DynamicCodeItem } from './components/dynamic-code-item';
export { ParameterControl } from './components/parameter-control';
export { INFO_CODES, infoLabel } from './utils/command-labels';
export { reasonKey, reasonText } from './utils/command-reason';
export { isActive, STATE_COLORS } from './utils/command-state';
export { asksDynamicCode, type CodeRefusal, codeRefusalOf } from './utils/dynamic-code';
export { parameterText } from './utils/parameter-text';
