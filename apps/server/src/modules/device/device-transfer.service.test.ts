import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DevicesTable } from '../../db/schema.js';
import { ManualClock } from '../../lib/clock.js';
import type { DeviceTransferRepository } from './device-transfer.repository.js';
import { DEVICE_COLUMNS, DeviceTransferService } from './device-transfer.service.js';

/** The repository's import half, in memory; `stolen` are codes someone else adds while the import runs. */
class FakeRepository {
  readonly stored: Insertable<DevicesTable>[] = [];
  stolen: string[] = [];

  existingCodes(codes: readonly string[]): Promise<Set<string>> {
    const have = new Set(this.stored.map((d) => d.deviceCode));
    return Promise.resolve(new Set(codes.filter((c) => have.has(c))));
  }

  usersNamed(names: readonly string[]): Promise<{ id: number; userName: string }[]> {
    return Promise.resolve(names.includes('admin') ? [{ id: 1, userName: 'admin' }] : []);
  }

  insertAll(devices: readonly Insertable<DevicesTable>[]): Promise<void> {
    if (this.stolen.length > 0) {
      for (const deviceCode of this.stolen) this.stored.push({ ...devices[0]!, deviceCode });
      return Promise.reject(new Error('UNIQUE constraint failed: devices.device_code'));
    }
    this.stored.push(...devices);
    return Promise.resolve();
  }
}

async function file(codes: readonly string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('x');
  sheet.addRow(DEVICE_COLUMNS.map((c) => c.header));
  for (const code of codes) {
    sheet.addRow(DEVICE_COLUMNS.map((c) => (c.field === 'deviceCode' ? code : c.example)));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function service(repo: FakeRepository, added: string[][]) {
  return new DeviceTransferService(repo as unknown as DeviceTransferRepository, new ManualClock(1000), (codes) =>
    added.push([...codes]),
  );
}

describe('DeviceTransferService.importDevices', () => {
  it('tells the gateway the codes it stored, and nothing when it stored nothing', async () => {
    const repo = new FakeRepository();
    const added: string[][] = [];
    expect(await service(repo, added).importDevices(await file(['A1', 'A2']))).toEqual({ ok: true, count: 2 });
    expect(added).toEqual([['A1', 'A2']]);
    expect(repo.stored.map((d) => [d.deviceCode, d.createTime, d.maintainId])).toEqual([
      ['A1', 1000, 1],
      ['A2', 1000, 1],
    ]);

    const again = await service(repo, added).importDevices(await file(['A2', 'A3']));
    expect(again.ok).toBe(false);
    expect(added).toHaveLength(1);
  });

  it('answers a code added by someone else during the import like a taken code', async () => {
    const repo = new FakeRepository();
    repo.stolen = ['B2'];
    const added: string[][] = [];
    const outcome = await service(repo, added).importDevices(await file(['B1', 'B2']));
    expect(outcome).toMatchObject({
      ok: false,
      problems: [{ row: 3, field: 'deviceCode', message: 'common.messages.deviceCodeTaken' }],
    });
    expect(added).toEqual([]);
  });

  it('lets an insert error through when no code explains it', async () => {
    const repo = new FakeRepository();
    repo.insertAll = () => Promise.reject(new Error('disk full'));
    await expect(service(repo, []).importDevices(await file(['C1']))).rejects.toThrow('disk full');
  });
});
