import {
  DYNAMIC_CODE,
  type DynamicCodeEnrolment,
  type DynamicCodeStatus,
  FAILURE_STATUS,
  type GuardedCommands,
  inCatalogueOrder,
  type MessageKey,
  SUCCESS_STATUS,
} from '@envmon/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { messageText } from '../../lib/messages.js';
import type { OperationLogEntry } from '../log/log.service.js';
import type { Actor } from '../session/permission.js';
import type { DynamicCodeRepository, EnrolmentRow } from './dynamic-code.repository.js';

/** Where the operation log files the checks of commands (no route has this path: the check is inside one). */
export const GUARD_LOG_URL = '/manager/settings/dynamicCode/guard';
export const GUARD_LOG_METHOD = 'TOTP';

export interface OperationLogWriter {
  record(entry: OperationLogEntry): Promise<void>;
}

type Refusal = Extract<
  MessageKey,
  'dynamicCodeRequired' | 'dynamicCodeNotEnrolled' | 'dynamicCodeWrong' | 'dynamicCodeReused' | 'dynamicCodeLocked'
>;

/** RFC 6238 bytes of a new secret: 160 bits, as RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;

const totpOf = (secret: string, account = '') =>
  new TOTP({
    issuer: DYNAMIC_CODE.issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: DYNAMIC_CODE.algorithm,
    digits: DYNAMIC_CODE.digits,
    period: DYNAMIC_CODE.periodSeconds,
  });

/**
 * The dynamic codes (RFC 6238) that guard dangerous commands: each user's enrolment (a secret shown once, as a
 * QR code and in base32, confirmed by a first code), the list of guarded commands, and the check the counter
 * control runs before it queues one. A code's time step is accepted once; wrong codes in a row lock the user's
 * codes for a while. Every check of a command goes to the operation log — never the code or the secret.
 */
export class DynamicCodeService {
  constructor(
    private readonly repo: DynamicCodeRepository,
    private readonly clock: Clock,
    private readonly logs: OperationLogWriter,
  ) {}

  /**
   * Passes when the command needs no code or the actor's code is right; otherwise throws the reason. `ip`: where
   * the request came from, for the operation log.
   */
  async guard(actor: Actor & { ip?: string }, cn: string, code: string | undefined): Promise<void> {
    if (!(await this.repo.isGuarded(cn))) return;
    const refusal = await this.checkCommand(actor, code);
    await this.logs.record({
      userId: actor.userId,
      userName: actor.userName,
      method: GUARD_LOG_METHOD,
      url: GUARD_LOG_URL,
      params: JSON.stringify({ cn, outcome: refusal ?? 'passed' }),
      status: refusal ? FAILURE_STATUS : SUCCESS_STATUS,
      result: refusal ? messageText('zh-CN', refusal) : null,
      ip: actor.ip ?? null,
      durationMs: 0,
    });
    if (refusal) throw new DomainError(refusal);
  }

  /** Starts the caller's enrolment, or renews it: a confirmed one only with a current code. */
  async enrol(actor: Actor, code: string | undefined): Promise<DynamicCodeEnrolment> {
    const current = await this.repo.enrolment(actor.userId);
    if (current?.confirmed) {
      if (!code) throw new DomainError('dynamicCodeRequired');
      const refusal = await this.check(current, code, { confirm: false, confirmedOnly: true });
      if (refusal) throw new DomainError(refusal);
    }
    const secret = new Secret({ size: SECRET_BYTES }).base32;
    await this.repo.start(actor.userId, secret, this.clock.now());
    const uri = totpOf(secret, actor.userName).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      uri,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      secret,
      issuer: DYNAMIC_CODE.issuer,
      account: actor.userName,
      algorithm: DYNAMIC_CODE.algorithm,
      digits: DYNAMIC_CODE.digits,
      period: DYNAMIC_CODE.periodSeconds,
      confirmed: false,
    };
  }

  /** Confirms the caller's enrolment with a code of its secret (a confirmed one is left as it is). */
  async confirm(actor: Actor, code: string): Promise<DynamicCodeStatus> {
    const current = await this.repo.enrolment(actor.userId);
    if (!current) throw new DomainError('dynamicCodeNotEnrolled');
    const refusal = await this.check(current, code, { confirm: true, confirmedOnly: false });
    if (refusal) throw new DomainError(refusal);
    return this.status(actor);
  }

  async status(actor: Actor): Promise<DynamicCodeStatus> {
    const row = await this.repo.enrolment(actor.userId);
    const now = this.clock.now();
    return {
      enrolled: row !== undefined,
      confirmed: row?.confirmed === 1,
      lockedUntil: row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null,
      createTime: row?.createTime ?? null,
    };
  }

  async guarded(): Promise<GuardedCommands> {
    return { cns: inCatalogueOrder(await this.repo.guardedCns()) };
  }

  /** Replaces the list (the schema has kept only commands of the catalogue). */
  async updateGuarded(cns: readonly string[]): Promise<GuardedCommands> {
    await this.repo.replaceGuarded(inCatalogueOrder(cns));
    return this.guarded();
  }

  private async checkCommand(actor: Actor, code: string | undefined): Promise<Refusal | null> {
    if (!code) return 'dynamicCodeRequired';
    const enrolment = await this.repo.enrolment(actor.userId);
    if (!enrolment?.confirmed) return 'dynamicCodeNotEnrolled';
    return this.check(enrolment, code, { confirm: false, confirmedOnly: true });
  }

  /**
   * A code against an enrolment: locked, wrong (counted; the last allowed locks), reused (its step or a later
   * one was accepted before), or right — its step then accepted, atomically.
   */
  private async check(
    enrolment: EnrolmentRow,
    code: string,
    options: { confirm: boolean; confirmedOnly: boolean },
  ): Promise<Refusal | null> {
    const now = this.clock.now();
    const locked = () => enrolment.lockedUntil !== null && enrolment.lockedUntil > now;
    if (locked()) return 'dynamicCodeLocked';
    const step = this.matchingStep(enrolment.secret, code, now);
    if (step === null) {
      await this.repo.fail(enrolment.userId, DYNAMIC_CODE.maxFailures, now + DYNAMIC_CODE.lockMs);
      return 'dynamicCodeWrong';
    }
    if (enrolment.lastStep !== null && step <= enrolment.lastStep) return 'dynamicCodeReused';
    if (await this.repo.accept(enrolment.userId, enrolment.secret, step, now, options)) return null;
    // Another request got there first: it took this step, or locked the codes, or renewed the secret.
    const after = await this.repo.enrolment(enrolment.userId);
    if (after?.lockedUntil && after.lockedUntil > now) return 'dynamicCodeLocked';
    if (!after || after.secret !== enrolment.secret || (options.confirmedOnly && !after.confirmed)) {
      return 'dynamicCodeNotEnrolled';
    }
    return 'dynamicCodeReused';
  }

  /** The time step whose code this is, within DYNAMIC_CODE.window steps of now; null when none. */
  private matchingStep(secret: string, code: string, now: number): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d+$/.test(token) || token.length !== DYNAMIC_CODE.digits) return null;
    const delta = totpOf(secret).validate({ token, timestamp: now, window: DYNAMIC_CODE.window });
    if (delta === null) return null;
    return TOTP.counter({ period: DYNAMIC_CODE.periodSeconds, timestamp: now }) + delta;
  }
}
