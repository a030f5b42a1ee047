/** Seeded PRNG and generators shared by the property and fuzz tests (mulberry32: small, fast, reproducible). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  bool(p = 0.5): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  string(alphabet: string, min: number, max: number): string {
    const chars = [...alphabet];
    let out = '';
    const n = min + this.int(max - min + 1);
    for (let i = 0; i < n; i++) out += this.pick(chars);
    return out;
  }
}

export const VECTORS = {
  V01: '##0101QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&1C80',
  V02: '##0285QN=20190925181031464;ST=22;CN=2061;PW=BF470F88957588DE902D1A52;MN=Z13401000010301;Flag=5;CP=&&DataTime=20190924220000;a34006-Avg=2.69700,a34006-Flag=N;a34007-Avg=7.96600,a34007-Flag=N;a34048-Avg=3.30600,a34048-Flag=N;a34047-Avg=7.35700,a34047-Flag=N;a34049-Avg=10.66300,a34049-Flag=N&&C181',
  V03: '##0317QN=20191012133710130;ST=22;CN=2011;PW=123456;MN=Y80110010000010;Flag=4;CP=&&DataTime=20191012133710;a21005-Rtd=0.00,a21005-Flag=N;a21004-Rtd=0.00,a21004-Flag=N;a21007-Rtd=0.033,a21007-Flag=N;a21006-Rtd=0.036,a21006-Flag=N;a21001-Rtd=25.40,a21001-Flag=N;a21003-Rtd=101.94,a21003-Flag=N;a21002-Rtd=49.20,a21002-Flag=N&&cc01',
  V04: '##0411QN=20220513162608370;ST=22;CN=2051;PW=123456;MN=JLYP01_AIR01_0001;Flag=4;CP=&&DataTime=20220513162600;a21004-Avg=4,a21004-Flag=N;a05024-Avg=63,a05024-Flag=N;a21026-Avg=6,a21026-Flag=N;a21005-Avg=0.427,a21005-Flag=N;a34004-Avg=14,a34004-Flag=N;a34002-Avg=31,a34002-Flag=N;a01007-Avg=1,a01007-Flag=N;a01008-Avg=11,a01008-Flag=N;a01001-Avg=17,a01001-Flag=N;a01002-Avg=85,a01002-Flag=N;a01006-Avg=95,a01006-Flag=N&&D641',
  X01: '##0087QN=20160801085000001;ST=91;CN=9014;PW=123456;MN=010000A8900016F000169DC0;Flag=4;CP=&&&&C241',
  N01: '##0136ST=32;CN=2011;PW=123456;MN=LD130133000015;CP=&&DataTime=20160824003817;B01-Rtd=36.91;011-Rtd=231.0,011-Flag=N;060-Rtd=1.803,060-Flag=N&&4980',
  /** HJ212.md §11: a 9014 answered with `QnRtn=1`, Flag=9 (surface-water variant), lower-case CRC. */
  QNRTN: '##0078QN=20201008154743635;ST=91;CN=9014;PW=123456;MN=SD000001;Flag=9;CP=&&QnRtn=1&&71c0',
} as const;
