import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { LoginTokensRepository } from '../persistence/login-tokens.repository';
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
    private readonly dataSource: DataSource,
    private readonly tokens: LoginTokensRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(input: { email: string; ip: string | undefined }): Promise<{ message: string }> {
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    await this.enforceRateLimit(email, input.ip ?? null, now);
    // Tokens past both their expiry and the rate-limit window are dead weight.
    const tx = this.dataSource.manager;
    await this.tokens.deleteCreatedBefore(tx, email, new Date(now.getTime() - STALE_TOKEN_AGE_MS));

    const accessToken = newSecret();
    const refreshToken = newSecret();
    await this.tokens.insert(tx, {
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
    const tx = this.dataSource.manager;
    const byEmail = await this.tokens.requestedSince(tx, { email }, since);
    const byIp = ip ? await this.tokens.requestedSince(tx, { ip }, since) : { count: 0, oldest: null };
    const hit =
      byEmail.count >= MAGIC_LINK_RATE_LIMIT.perEmail
        ? byEmail
        : byIp.count >= MAGIC_LINK_RATE_LIMIT.perIp
          ? byIp
          : null;
    if (!hit?.oldest) return;
    const freesAt = hit.oldest.getTime() + MAGIC_LINK_RATE_LIMIT.windowMs;
    throw new RateLimitedError(
      MAGIC_LINK_MESSAGES.rateLimited,
      Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
    );
  }
}
