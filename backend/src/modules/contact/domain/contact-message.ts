/** The contact form's rules (spec section 5); the client checks the same ones with the same sentences. */
export const CONTACT_RULES = {
  name: { min: 2, max: 100, message: 'Name must be at least 2 characters' },
  email: { max: 254, message: 'Please enter a valid email address' },
  subject: { min: 2, max: 200, message: 'Subject must be at least 2 characters' },
  message: { min: 10, max: 5000, message: 'Message must be at least 10 characters' },
} as const;

export const CONTACT_TOO_LONG = {
  name: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  subject: 'Subject must be at most 200 characters',
  message: 'Message must be at most 5000 characters',
} as const;

/** How many messages one address may send per window before it is told to wait. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const;
export const CONTACT_RATE_LIMITED_MESSAGE = 'Too many messages. Please try again later.';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: number | null;
}

/** A subject line for the support inbox: one line, so a crafted subject cannot add mail headers. */
export function supportSubject(subject: string): string {
  return `[Contact] ${subject.replace(/[\r\n]+/g, ' ').trim()}`;
}

export function supportBody(msg: ContactMessage, receivedAt: Date): string {
  return [
    `From: ${msg.name} <${msg.email}>`,
    `Account: ${msg.userId === null ? 'not signed in' : `user ${msg.userId}`}`,
    `Received: ${receivedAt.toISOString()}`,
    `Subject: ${msg.subject}`,
    '',
    msg.message,
  ].join('\n');
}
