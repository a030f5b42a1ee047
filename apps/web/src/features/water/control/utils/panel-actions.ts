import {
  type CommandFamily,
  commandOffered,
  commandSpec,
  type CommandSpec,
  factorKindOfDeviceType,
} from '@envmon/shared';

/** What an action asks for before it is sent: nothing, the factor it acts on (PolId), or the run mode (RunMode). */
export type ActionInput = 'none' | 'factor' | 'runMode';

export interface PanelAction {
  cn: string;
  spec: CommandSpec;
  input: ActionInput;
  /** Asked again before it is sent: it stops the whole station. */
  confirm: boolean;
}

export interface PanelGroup {
  family: CommandFamily;
  actions: PanelAction[];
}

/** The panel's actions by family, in the order an operator reaches for them. */
const PANEL_LAYOUT: readonly { family: CommandFamily; cns: readonly string[] }[] = [
  { family: 'sampling', cns: ['3012', '3015', '3014'] },
  { family: 'cleaning', cns: ['3013'] },
  {
    family: 'calibration',
    cns: ['3011', '3024', '3080', '3081', '3082', '3083', '3084', '3085', '3086'],
  },
  { family: 'operation', cns: ['3042', '3046', '3045', '3043', '3100'] },
];

/** The commands that stop the station as a whole, confirmed before they are sent. */
const CONFIRMED_CNS: ReadonlySet<string> = new Set(['3045']);

/** The command that reads the station's information; with InfoId i11001, its instrument log. */
export const LOG_CN = '3020';
export const LOG_INFO_ID = 'i11001';

function inputOf(spec: CommandSpec): ActionInput {
  if (spec.parameters.some((p) => p.name === 'RunMode')) return 'runMode';
  if (spec.parameters.some((p) => p.kind === 'polId' && p.required)) return 'factor';
  return 'none';
}

/**
 * The actions a station of this type (its ST) is offered, grouped: the surface-water variant's only to
 * surface-water stations (commandOffered); groups left empty are left out.
 */
export function panelGroups(deviceType: string): PanelGroup[] {
  return PANEL_LAYOUT.map(({ family, cns }) => ({
    family,
    actions: cns.flatMap((cn): PanelAction[] => {
      const spec = commandSpec(cn);
      if (!spec || !commandOffered(spec, deviceType)) return [];
      return [{ cn, spec, input: inputOf(spec), confirm: CONFIRMED_CNS.has(cn) }];
    }),
  })).filter((group) => group.actions.length > 0);
}

/** Every CN the panel may show, for the translations' test. */
export const PANEL_CNS: readonly string[] = PANEL_LAYOUT.flatMap((group) => group.cns);
export const PANEL_FAMILIES: readonly CommandFamily[] = PANEL_LAYOUT.map((group) => group.family);

/** A water station: a device whose type (its ST) measures water — surface water, groundwater, sea, their sources. */
export const isWaterStation = (deviceType: string): boolean => factorKindOfDeviceType(deviceType) === 'water';
