import { CRUD } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { exportRequest, nonEmptyParams } from './export-params';

describe('export parameters', () => {
  const filters = { userName: ' ad ', name: '', ifValid: 0, roleId: undefined, remark: null, blank: '   ' };

  it('keeps only non-empty filters, trimmed (0 is a value)', () => {
    expect(nonEmptyParams(filters)).toEqual({ userName: 'ad', ifValid: '0' });
    expect(nonEmptyParams({})).toEqual({});
  });

  it('checks through getAll and downloads from export, with the non-empty filters', () => {
    expect(exportRequest(CRUD.user, filters)).toEqual({
      checkUrl: '/manager/system/user/rest/getAll',
      downloadUrl: '/manager/system/user/rest/export',
      params: { userName: 'ad', ifValid: '0' },
    });
  });
});
