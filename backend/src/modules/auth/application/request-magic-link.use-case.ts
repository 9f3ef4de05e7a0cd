import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { LoginTokenEntity } from '../persistence/login-token.entity';
import { RateLimitedError, UnavailableError } from '../../../shared/errors/app-error';
import { Mailer, renderEmail } from '../../notifications';
import {
  MAGIC_LINK_MESSAGES,
  MAGIC_LINK_RATE_LIMIT,
  MAGIC_LINK_TTL_MS,
  magicLinkUrl,
  normalizeEmail,
} from '../domain/magic-link';
import { newSecret, sha256 } from '../domain/secret-token';
import { Clock } from '../ports/clock';

const STALE_TOKEN_AGE_MS = Math.max(MAGIC_LINK_TTL_MS, MAGIC_LINK_RATE_LIMIT.windowMs) * 4;

/**
 * Emails a single-use sign-in link. The answer and the work done are the same whether or not an account exists
 * (the account is only looked up when the link is used), so the endpoint cannot be used to probe for customers.
 */
@Injectable()
export class RequestMagicLink {
  constructor(
    @InjectRepository(LoginTokenEntity) private readonly tokens: Repository<LoginTokenEntity>,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(input: { email: string; ip: string | undefined }): Promise<{ message: string }> {
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    await this.enforceRateLimit(email, input.ip ?? null, now);
    // Tokens past both their expiry and the rate-limit window are dead weight.
    await this.tokens.delete({ email, createdAt: LessThan(new Date(now.getTime() - STALE_TOKEN_AGE_MS)) });

    const accessToken = newSecret();
    const refreshToken = newSecret();
    await this.tokens.insert({
      email,
      tokenHash: sha256(accessToken),
      refreshHash: sha256(refreshToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS),
      requestIp: input.ip ?? null,
    });

    const link = magicLinkUrl(this.config.publicUrl, accessToken, refreshToken);
    try {
      await this.mailer.send({ to: email, ...(await renderEmail({ email: 'sign-in-link', link })) });
    } catch {
      throw new UnavailableError('MAIL_UNAVAILABLE', 'We could not send the sign-in email. Please try again later.');
    }
    return { message: MAGIC_LINK_MESSAGES.sent };
  }

  /** Counted from the tokens table, so the limit holds across every API instance. */
  private async enforceRateLimit(email: string, ip: string | null, now: Date): Promise<void> {
    const since = new Date(now.getTime() - MAGIC_LINK_RATE_LIMIT.windowMs);
    const [byEmail] = await this.tokens.query(
      `SELECT count(*)::int AS n, min(created_at) AS oldest FROM login_tokens WHERE lower(email) = $1 AND created_at > $2`,
      [email, since],
    );
    const [byIp] = ip
      ? await this.tokens.query(
          `SELECT count(*)::int AS n, min(created_at) AS oldest FROM login_tokens WHERE request_ip = $1 AND created_at > $2`,
          [ip, since],
        )
      : [{ n: 0, oldest: null }];
    const hit =
      byEmail.n >= MAGIC_LINK_RATE_LIMIT.perEmail ? byEmail : byIp.n >= MAGIC_LINK_RATE_LIMIT.perIp ? byIp : null;
    if (!hit) return;
    const freesAt = new Date(hit.oldest).getTime() + MAGIC_LINK_RATE_LIMIT.windowMs;
    throw new RateLimitedError(
      MAGIC_LINK_MESSAGES.rateLimited,
      Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
    );
  }
}
