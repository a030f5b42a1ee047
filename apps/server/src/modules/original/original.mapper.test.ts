import { frameSegment } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { maskStationPasswords } from '../../lib/mask.js';
import { toOriginalParsed } from './original.mapper.js';

describe('station passwords in packet text (issue 13, hole 5)', () => {
  it('masks the header PW and a NewPW in the CP, and nothing else', () => {
    const raw = '##0101QN=20260101080000000;ST=21;CN=1072;PW=abc123;MN=M1;Flag=5;CP=&&NewPW=next-1;SPW=7&&1C80\r\n';
    expect(maskStationPasswords(raw)).toBe(
      '##0101QN=20260101080000000;ST=21;CN=1072;PW=******;MN=M1;Flag=5;CP=&&NewPW=******;SPW=7&&1C80\r\n',
    );
    expect(maskStationPasswords('wrong pw=x1, expected PW=y2')).toBe('wrong pw=******, expected PW=******');
    expect(maskStationPasswords('QN=1;ST=21;MN=M1')).toBe('QN=1;ST=21;MN=M1');
  });

  it('parses the stored text before masking it, so a masked packet still shows its fields', () => {
    const raw = frameSegment('QN=20260101080000000;ST=21;CN=1072;PW=abc123;MN=M1;Flag=5;CP=&&NewPW=next-1&&');
    const shown = toOriginalParsed(7, raw, true);
    expect(shown).toMatchObject({ ok: true, raw, header: { PW: 'abc123', MN: 'M1' }, cp: { NewPW: 'next-1' } });
    const masked = toOriginalParsed(7, raw, false);
    expect(masked).toMatchObject({ ok: true, header: { PW: '******', MN: 'M1' }, cp: { NewPW: '******' } });
    expect(JSON.stringify(masked)).not.toMatch(/abc123|next-1/);
  });
});
