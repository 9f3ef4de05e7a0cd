import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { AppMetrics } from '../../../shared/metrics/app-metrics';
import { JobQueue } from '../../../shared/queue/job-queue';
import { ActiveApiKeys } from '../../auth';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from '../domain/signature';
import { deliveryBody } from '../domain/webhook-payload';
import { DELIVERY_TIMEOUT_MS, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from '../domain/webhook-rules';
import { type ClaimedAttempt, WebhooksRepository } from '../persistence/webhooks.repository';
import { SecretCipher } from '../ports/secret-cipher';
import { type WebhookAttemptResult, type WebhookRequest, WebhookSender } from '../ports/webhook-sender';
import { secretContext } from './create-webhook-endpoint.use-case';
import { deliveryJobId } from './record-webhook-event.use-case';

/** A claimed attempt is someone's for this long; after it the reconciler assumes its process died. */
const ATTEMPT_LEASE_MS = DELIVERY_TIMEOUT_MS + 50_000;

/**
 * One HTTP attempt of one delivery: claimed first (so two runs never send the same attempt), signed at send time,
 * logged, and followed by the next attempt after a doubling wait until MAX_DELIVERY_ATTEMPTS. A 2xx answer delivers;
 * anything else (another status, a redirect, no answer, a refused address) counts as a failed attempt.
 */
@Injectable()
export class DeliverWebhook {
  private readonly logger = new Logger('DeliverWebhook');

  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
    private readonly apiKeys: ActiveApiKeys,
    private readonly cipher: SecretCipher,
    private readonly sender: WebhookSender,
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
    private readonly metrics: AppMetrics,
  ) {}

  async execute(deliveryId: number, attempt: number): Promise<void> {
    const leaseUntil = new Date(Date.now() + ATTEMPT_LEASE_MS);
    const claimed = await this.dataSource.transaction(async (tx) => {
      const claim = await this.webhooks.claimAttempt(tx, deliveryId, attempt, leaseUntil);
      if (!claim) return null;
      const active = await this.apiKeys.listActive(tx, claim.userId);
      return { claim, keyRevoked: !active.some((k) => k.id === claim.apiKeyId) };
    });
    if (!claimed) return;
    const { claim, keyRevoked } = claimed;

    const startedAt = new Date();
    const request = this.signedRequest(claim, keyRevoked, startedAt);
    const result: WebhookAttemptResult =
      'error' in request
        ? { statusCode: null, error: `Not sent: ${request.error}`, durationMs: 0 }
        : await this.sender.send(request);
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const next = attempt + 1;
    // What stopped us sending will not pass by itself: no more attempts.
    const retry = !delivered && !('error' in request) && next <= MAX_DELIVERY_ATTEMPTS;
    const delayMs = retryDelayMs(this.config.webhooks.retryBaseMs, next);

    await this.dataSource.transaction((tx) =>
      this.webhooks.recordOutcome(tx, {
        deliveryId,
        attempt,
        startedAt,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        error: result.error?.slice(0, 500) ?? null,
        status: delivered ? 'delivered' : retry ? 'pending' : 'failed',
        nextAttemptAt: retry ? new Date(Date.now() + delayMs) : null,
      }),
    );
    this.metrics.observeWebhookDelivery(delivered ? 'delivered' : retry ? 'retry' : 'failed');
    if (!delivered)
      this.logger.log(`Webhook delivery ${deliveryId} attempt ${attempt} failed: ${result.error ?? 'no answer'}`);
    if (retry)
      await this.queue
        .enqueue('webhooks.deliver', { deliveryId, attempt: next }, { jobId: deliveryJobId(deliveryId, next), delayMs })
        .catch((err: unknown) =>
          this.logger.warn(`Webhook delivery ${deliveryId} retry not queued yet: ${String(err)}`),
        );
  }

  private signedRequest(claim: ClaimedAttempt, keyRevoked: boolean, now: Date): WebhookRequest | { error: string } {
    if (keyRevoked) return { error: 'the API key of this endpoint has been revoked.' };
    let secret: string;
    try {
      secret = this.cipher.decrypt(claim.secretCiphertext, secretContext(claim.userId));
    } catch (err) {
      this.logger.error(`Webhook delivery ${claim.deliveryId}: ${String(err)}`);
      return { error: 'the endpoint secret cannot be read; register the endpoint again.' };
    }
    const body = deliveryBody({
      id: claim.eventId,
      type: claim.eventType,
      createdAt: claim.eventCreatedAt,
      data: claim.data,
    });
    return {
      url: claim.url,
      body,
      headers: {
        [SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(now.getTime() / 1000)),
        [EVENT_ID_HEADER]: claim.eventId,
        [EVENT_TYPE_HEADER]: claim.eventType,
      },
    };
  }
}
