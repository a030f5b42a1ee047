import { LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { i18nText, unresolvedKeys } from '../../test/i18n-keys';
import { GUIDE_ROUNDS, guideKeys } from './guide-rounds';

describe.each(LANGUAGES)('the guide in %s', (lang) => {
  it.each(Object.entries(GUIDE_ROUNDS))('has every text of the %s round', (_, round) => {
    expect(unresolvedKeys(lang, guideKeys(round))).toEqual([]);
  });

  it('says how it reads the AI screen: analog input channels beside the engineering value', () => {
    const ai = String(i18nText(lang, 'docs.guide.data.steps.ai.description'));
    expect(ai).toMatch(lang === 'zh-CN' ? /模拟量输入/ : /analog input/);
    expect(ai).toMatch(/4–20 mA/);
    expect(ai).toMatch(/2011/);
  });
});
