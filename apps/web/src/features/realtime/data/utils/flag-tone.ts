import { isPreFitFlag, VOCABULARIES, type VocabularyItem, vocabularyColor } from '@envmon/shared';

/**
 * How a value is coloured by its flags (SPEC section 3 'Data flags'): the station's flag and the
 * platform's quality flag are both looked up in the shared data-flag vocabulary, and the more
 * serious of the two decides the colour, so a fault is never hidden behind a 'normal' partner.
 */

export const NORMAL_FLAG = 'N';

/** Vocabulary colours (antd preset names), least to most serious; 'default' is the grey of absence (offline, no sample). */
const SEVERITY: Readonly<Record<string, number>> = {
  green: 0,
  default: 1,
  blue: 2,
  cyan: 2,
  gold: 3,
  orange: 4,
  volcano: 5,
  red: 6,
};

/** A flag the vocabulary does not know is shown as unusual, never as normal. */
const UNKNOWN_COLOR = 'gold';

export interface FlagTone {
  /** The flag that decided the colour, as received ('N' when neither flag says anything). */
  flag: string;
  /** Its vocabulary code (a pre-fit flag without its dots). */
  code: string;
  /** antd preset colour name from the vocabulary. */
  color: string;
  /** The value is the one before fitting (the flag holds a dot). */
  preFit: boolean;
}

export const flagCode = (flag: string): string => (isPreFitFlag(flag) ? flag.replaceAll('.', '') : flag);

function toneOf(flag: string): FlagTone {
  const code = flagCode(flag);
  return { flag, code, color: vocabularyColor('dataFlag', code) ?? UNKNOWN_COLOR, preFit: isPreFitFlag(flag) };
}

const NORMAL_TONE = toneOf(NORMAL_FLAG);

/** The tone of a value from its station flag and quality flag (either may be absent). */
export function valueTone(flag: string | null | undefined, quality: string | null | undefined): FlagTone {
  let worst = NORMAL_TONE;
  for (const candidate of [flag, quality]) {
    if (candidate === null || candidate === undefined || candidate === '') continue;
    const tone = toneOf(candidate);
    if (
      (SEVERITY[tone.color] ?? 0) > (SEVERITY[worst.color] ?? 0) ||
      (tone.preFit && !worst.preFit && tone.color === worst.color)
    ) {
      worst = tone;
    }
  }
  return worst;
}

export const isNormalTone = (tone: FlagTone): boolean => tone.code === NORMAL_FLAG && !tone.preFit;

/** The colours a theme gives the preset names (antd's seed token has one per preset). */
export type PresetColors = Readonly<Record<string, string>> & { colorText: string; colorTextTertiary: string };

/** The text colour of a tone: the ordinary text colour when normal, else the preset colour of the theme. */
export function toneTextColor(tone: FlagTone, colors: PresetColors): string {
  if (isNormalTone(tone)) return colors.colorText;
  if (tone.color === 'default') return colors.colorTextTertiary;
  return colors[tone.color] ?? colors.colorText;
}

/** Numbered sub-codes (D1–D27, hd1–hd6, M1–M6) share their family's colour: the legend shows the family. */
const SUB_CODE = /^(D|hd|M)\d+$/;

/** The legend: every data flag of the vocabulary except the numbered sub-codes. */
export function legendFlags(): readonly VocabularyItem[] {
  return VOCABULARIES.dataFlag.items.filter((item) => !SUB_CODE.test(item.value));
}
