import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../../lib/dayjs';
import { checkCommandForm, toCommandInput } from './command-form-values';

const translate = (key: string) => key;

describe('the new-command form', () => {
  it('sends only the chosen command’s parameters, as text: times as epoch ms, times of day as hhmmss', () => {
    const at = dayjs('2026-11-01T10:20:30.456');
    expect(
      toCommandInput({
        deviceId: 7,
        cn: '3016',
        parameters: { PolId: ' w01018 ', CstartTime: at, Ctime: 2, Stray: 'x' },
        notBefore: at,
        waitMinutes: 5,
        code: ' 123456 ',
      }),
    ).toEqual({
      deviceId: 7,
      cn: '3016',
      parameters: { PolId: 'w01018', CstartTime: '102030', Ctime: '2' },
      notBefore: at.millisecond(0).valueOf(),
      waitMinutes: 5,
      code: '123456',
    });
    expect(toCommandInput({ deviceId: 7, cn: '1012', parameters: { SystemTime: at } })).toMatchObject({
      parameters: { SystemTime: String(at.millisecond(0).valueOf()) },
      notBefore: null,
    });
  });

  it('puts each problem under its field, with the shared rules’ messages', () => {
    const empty = checkCommandForm({ waitMinutes: 10 }, translate);
    expect(empty.input).toBeNull();
    expect(empty.fields).toContainEqual({ name: 'deviceId', errors: ['validation.required'] });
    expect(empty.fields).toContainEqual({ name: 'cn', errors: ['validation.required'] });

    const wrong = checkCommandForm(
      { deviceId: 7, cn: '3016', parameters: { PolId: 'w01018', Ctime: 30 }, waitMinutes: 10 },
      translate,
    );
    expect(wrong.input).toBeNull();
    expect(wrong.fields).toContainEqual({ name: ['parameters', 'PolId'], errors: [] });
    expect(wrong.fields).toContainEqual({ name: ['parameters', 'CstartTime'], errors: ['validation.required'] });
    expect(wrong.fields).toContainEqual({ name: ['parameters', 'Ctime'], errors: ['control.rules.integer'] });
    expect(wrong.fields).toContainEqual({ name: 'cn', errors: [] });
  });

  it('answers the input when everything passes', () => {
    const ok = checkCommandForm({ deviceId: 7, cn: '1064', parameters: { MinInterval: 5 }, waitMinutes: 0 }, translate);
    expect(ok.fields.every((field) => field.errors.length === 0)).toBe(true);
    expect(ok.input).toMatchObject({ deviceId: 7, cn: '1064', parameters: { MinInterval: '5' }, waitMinutes: 0 });
  });
});
