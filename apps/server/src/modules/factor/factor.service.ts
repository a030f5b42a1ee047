import type { Factor, FactorInput, FactorListQuery, FactorUnit, Page } from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import { toFactor } from './factor.mapper.js';
import type { FactorRepository } from './factor.repository.js';

/** Tells the running ingest pipeline (if this process has one) to re-read the quality parameters. */
export type QualityReload = () => Promise<void>;

/** The monitor-factor catalogue; the seed's HJ 212 factors are built in and cannot be deleted. */
export class FactorService {
  constructor(
    private readonly repo: FactorRepository,
    private readonly reloadQuality: QualityReload,
  ) {}

  async list(query: FactorListQuery): Promise<Page<Factor>> {
    const { rows, total } = await this.repo.list(query);
    return { list: rows.map(toFactor), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async all(kind: string | undefined): Promise<Factor[]> {
    return (await this.repo.all(kind)).map(toFactor);
  }

  /** getAllNewFactorUnit: a unit the vocabulary does not name is named by itself. */
  async units(kind: string | undefined): Promise<FactorUnit[]> {
    return (await this.repo.units(kind)).map((row) => ({
      ...row,
      unitName: row.unitName ?? row.unit,
      unitNameEn: row.unitNameEn ?? row.unit,
    }));
  }

  async get(factorCode: string): Promise<Factor> {
    const row = await this.repo.find(factorCode);
    if (!row) throw new DomainError('notFound');
    return toFactor(row);
  }

  async add(input: FactorInput): Promise<Factor> {
    if (await this.repo.find(input.factorCode)) throw new DomainError('factorCodeTaken');
    await this.repo.insert(input);
    await this.reloadQuality();
    return this.get(input.factorCode);
  }

  /** The code names the factor and is never changed. */
  async update(input: FactorInput): Promise<Factor> {
    await this.get(input.factorCode);
    await this.repo.update(input);
    await this.reloadQuality();
    return this.get(input.factorCode);
  }

  async remove(factorCode: string): Promise<void> {
    const current = await this.get(factorCode);
    if (current.builtIn) throw new DomainError('builtInProtected');
    if (await this.repo.inUse(factorCode)) throw new DomainError('inUse');
    await this.repo.delete(factorCode);
    await this.reloadQuality();
  }

  /** Fails with factorUnknown unless every code names a factor. */
  async assertExist(codes: readonly string[]): Promise<void> {
    const found = await this.repo.existingCodes([...new Set(codes)]);
    if (codes.some((c) => !found.has(c))) throw new DomainError('factorUnknown');
  }

  /** The codes that name no factor. */
  async unknownCodes(codes: readonly string[]): Promise<string[]> {
    const found = await this.repo.existingCodes([...new Set(codes)]);
    return codes.filter((c) => !found.has(c));
  }
}
