/**
 * How long a completed order's photo files are kept, and when the host is reminded. Days are fixed 24-hour spans
 * counted from `orders.completed_at`, so the cut-offs do not move with time zones or daylight saving.
 */
export const RETENTION_DAYS = 90;
export const REMINDER_DAYS_BEFORE_PURGE = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

const daysBefore = (instant: Date, days: number) => new Date(instant.getTime() - days * DAY_MS);

/** Orders completed at or before this instant are due for purge at `now`. */
export function purgeCutoff(now: Date): Date {
  return daysBefore(now, RETENTION_DAYS);
}

/**
 * Orders completed after {@link purgeCutoff} and at or before this instant are purged within the reminder period:
 * their host gets the reminder. Orders already due get none, as the purge is about to delete them anyway.
 */
export function reminderCutoff(now: Date): Date {
  return daysBefore(now, RETENTION_DAYS - REMINDER_DAYS_BEFORE_PURGE);
}

/** The earliest instant an order's photos may be deleted: the date the reminder gives the host. */
export function purgeDate(completedAt: Date): Date {
  return new Date(completedAt.getTime() + RETENTION_DAYS * DAY_MS);
}

/**
 * A stored photo file that no photo row owns is deleted once it is this old. Files are written before their rows (an
 * upload stores every file, then commits; an enhancement writes its outputs, then records them), so a younger one
 * may belong to work still in flight. An enhancement has no bound on its length, hence a day.
 */
export const ORPHAN_GRACE_HOURS = 24;
/**
 * Originals are written only by an upload, which is one HTTP request, and Node's server ends a request still being
 * received after 5 minutes (its requestTimeout): an original without a row older than this was left by an api that
 * died mid-upload, so the next daily sweep takes it, not the one a day later. Unfinished writes (temp files,
 * multipart uploads) are a single put each, minutes at most, and go by the same bound.
 */
export const UPLOAD_GRACE_MINUTES = 30;
/** Where photo files live; anything under these prefixes belongs to a photo row or to nobody. */
export const ORPHAN_PREFIXES = ['originals/', 'enhanced/', 'previews/', 'thumbnails/'] as const;
export type OrphanPrefix = (typeof ORPHAN_PREFIXES)[number];

/** Objects without an owner under `prefix` last modified at or before this instant are swept at `now`. */
export function orphanCutoff(now: Date, prefix: OrphanPrefix): Date {
  const graceMs = prefix === 'originals/' ? UPLOAD_GRACE_MINUTES * 60 * 1000 : ORPHAN_GRACE_HOURS * 60 * 60 * 1000;
  return new Date(now.getTime() - graceMs);
}

/** Unfinished writes begun at or before this instant are abandoned at `now`. */
export function staleWriteCutoff(now: Date): Date {
  return new Date(now.getTime() - UPLOAD_GRACE_MINUTES * 60 * 1000);
}

/** The tick a scheduled run belongs to: one per UTC day, whichever instance fires it. */
export function dailyTick(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** `March 3, 2026`, in UTC like every other date here. */
export function formatPurgeDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
