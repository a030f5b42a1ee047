import { I18N_RESOURCES } from '@envmon/shared';
import type { TFunction } from 'i18next';

/** The information codes the vocabulary names (control.info), for the InfoId pickers. */
export const INFO_CODES = Object.keys(I18N_RESOURCES['zh-CN'].control.info);

/** `i13004 采样周期`: an information code and its name, the code alone when it has none. */
export const infoLabel = (code: string, t: TFunction): string =>
  `${code} ${t(`control.info.${code}`, { defaultValue: '' })}`.trim();
