import { apiSend } from '../../../lib/api-client';
import type { ContactPayload } from '../validation';

/** POST /api/contact. `website` is the honeypot: people never see it, so it is sent only when a bot filled it. */
export function sendContactMessage(payload: ContactPayload, honeypot = ''): Promise<{ success: boolean }> {
  return apiSend('POST', '/api/contact', {
    name: payload.name.trim(),
    email: payload.email.trim(),
    subject: payload.subject.trim(),
    message: payload.message.trim(),
    ...(honeypot ? { website: honeypot } : {}),
  });
}
