import type { CommandUpload } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { answerFacts, answerPhrases, factLabelKey } from './command-answer';

const answer = (over: Partial<Parameters<typeof answerPhrases>[0]>) =>
  answerPhrases({ reason: null, qnRtn: null, exeRtn: null, ...over });

describe('a command’s answer', () => {
  it('names the failure of an accepted command, not its acceptance', () => {
    // The state says it was executed; the result does not say it again.
    expect(answer({ qnRtn: 1, exeRtn: 1 })).toEqual([]);
    expect(answer({ qnRtn: 1, exeRtn: 3 })).toEqual([{ key: 'control.exeRtn.3' }]);
  });

  it('names the acceptance when no result came, and the refusal', () => {
    expect(answer({ qnRtn: 1 })).toEqual([{ key: 'control.qnRtn.1' }]);
    expect(answer({ qnRtn: 2 })).toEqual([{ key: 'control.qnRtn.2' }]);
  });

  it('gives codes outside the vocabulary as numbers', () => {
    expect(answer({ qnRtn: 99 })).toEqual([{ key: 'waterControl.answer.qnRtn', values: { code: 99 } }]);
    expect(answer({ qnRtn: 1, exeRtn: 7 })).toEqual([{ key: 'waterControl.answer.exeRtn', values: { code: 7 } }]);
  });

  it('says why it never reached the station', () => {
    expect(answer({ reason: 'deviceNotConnected' })).toEqual([{ key: 'control.reason.deviceNotConnected' }]);
  });

  it('is nothing while the command is on its way', () => {
    expect(answer({})).toEqual([]);
  });
});

const upload = (fields: CommandUpload['fields']): CommandUpload => ({ cn: '3015', at: 1, dataTime: null, fields });

describe('the values a station sent in answer', () => {
  it('are listed once each, in the order they came, leaving out the keys asked', () => {
    const uploads = [
      upload([{ item: null, key: 'VaseNo', value: '3' }]),
      upload([{ item: null, key: 'VaseNo', value: '3' }]),
      upload([
        { item: 'w01018', key: 'SN', value: 'A-1' },
        { item: 'w01018', key: 'i11001', value: 'a log line' },
      ]),
    ];
    expect(answerFacts(uploads, ['i11001'])).toEqual([
      { item: null, key: 'VaseNo', value: '3' },
      { item: 'w01018', key: 'SN', value: 'A-1' },
    ]);
  });

  it('are named by the parameter or information code they are, when it has a name', () => {
    const known = (key: string) => ['control.param.VaseNo', 'control.info.i13001'].includes(key);
    expect(factLabelKey('VaseNo', known)).toBe('control.param.VaseNo');
    expect(factLabelKey('i13001', known)).toBe('control.info.i13001');
    expect(factLabelKey('Vendor', known)).toBeNull();
  });
});
