import { ForbiddenError } from '../../../shared/errors/app-error';
import { type AuthenticatedUser } from '../../auth';

/** Who manages webhook endpoints: a user through one of their API keys. */
export interface WebhookCaller {
  userId: number;
  apiKeyId: number;
}

/**
 * Endpoints belong to the API key that registered them (revoking the key silences them), so only a request made
 * with a key can manage them; a browser session is refused with a sentence saying so.
 */
export function webhookCaller(user: AuthenticatedUser): WebhookCaller {
  if (user.via !== 'apiKey' || user.apiKeyId === undefined)
    throw new ForbiddenError(
      'API_KEY_REQUIRED',
      'Webhook endpoints belong to an API key: call this route with Authorization: Bearer <api key>.',
    );
  return { userId: user.id, apiKeyId: user.apiKeyId };
}
