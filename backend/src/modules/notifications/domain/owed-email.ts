/** The emails an order is owed, each at least once: the sign-in link is not one (the user asks again). */
export const OWED_EMAIL_KINDS = ['purchase-receipt', 'photos-ready', 'purge-reminder'] as const;
export type OwedEmailKind = (typeof OWED_EMAIL_KINDS)[number];

/**
 * The one Message-ID of an order's email of a kind, on every attempt: a copy sent again after a crash (the server
 * accepted it, the process died before recording so) is the same message to the receiver, which can drop it.
 * The domain is the sender's (`MAIL_FROM`), as RFC 5322 suggests for uniqueness.
 */
export function owedMessageId(kind: OwedEmailKind, orderId: string, from: string): string {
  const domain = /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? 'listinglens.local';
  return `<order-${orderId}.${kind}@${domain}>`;
}
