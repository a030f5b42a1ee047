import { describe, expect, it } from 'vitest';
import { devopsFileType, devopsRecordInputSchema, devopsRecordUpdateSchema } from './devops.js';

describe('devops attachments', () => {
  it('take their type from the extension, whatever its case, and refuse the rest', () => {
    expect(devopsFileType('现场.JPG')).toBe('image/jpeg');
    expect(devopsFileType('a.b.webp')).toBe('image/webp');
    expect(devopsFileType('报告.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(devopsFileType('notes.txt')).toBe('text/plain');
    for (const name of ['setup.exe', 'page.html', 'pdf', 'archive.zip', 'old.doc', 'photo.png.exe']) {
      expect(devopsFileType(name), name).toBeNull();
    }
  });
});

describe('devops record input', () => {
  const valid = { deviceId: 1, kind: 'repair', startTime: 1000, maintainer: ' 张工 ', content: ' 更换采样泵 ' };

  it('trims the texts and reads a missing end as null', () => {
    expect(devopsRecordInputSchema.parse(valid)).toEqual({
      deviceId: 1,
      kind: 'repair',
      startTime: 1000,
      endTime: null,
      maintainer: '张工',
      content: '更换采样泵',
    });
    expect(devopsRecordInputSchema.parse({ ...valid, endTime: 1000 }).endTime).toBe(1000);
  });

  it('refuses an end before the start, on the end field, also when updating', () => {
    for (const schema of [devopsRecordInputSchema, devopsRecordUpdateSchema]) {
      const result = schema.safeParse({ ...valid, id: 3, endTime: 999 });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['endTime', 'devops.rules.order'],
      ]);
    }
  });

  it('refuses empty and long texts and unknown kinds', () => {
    const messages = (input: Record<string, unknown>) =>
      devopsRecordInputSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);
    expect(messages({ content: '  ' })).toEqual(['validation.required']);
    expect(messages({ maintainer: 'x'.repeat(33) })).toEqual(['validation.tooLong']);
    expect(messages({ content: 'x'.repeat(1001) })).toEqual(['validation.tooLong']);
    expect(messages({ kind: 'cleaning' })).toHaveLength(1);
    expect(messages({ deviceId: undefined })).toEqual(['validation.required']);
  });
});
