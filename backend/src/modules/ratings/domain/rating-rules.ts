/** "How did we do?": a whole score from 1 (poor) to 5 (excellent) and an optional note. */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export type RatingScore = (typeof RATING_SCORES)[number];

/** Characters of a note, counted after trimming. */
export const NOTE_MAX_LENGTH = 1000;

export const SCORE_MESSAGE = 'score must be a whole number from 1 to 5';
export const NOTE_TYPE_MESSAGE = 'note must be text';
export const NOTE_LENGTH_MESSAGE = `note must be at most ${NOTE_MAX_LENGTH} characters`;

export interface RatingInput {
  score: RatingScore;
  /** Trimmed; null when the host left none (an empty or blank note is none). */
  note: string | null;
}

/** What the host typed, as it is stored: surrounding space trimmed, nothing left meaning no note. */
export const normaliseNote = (note: string | null | undefined): string | null => note?.trim() || null;

export interface RatingSummary {
  count: number;
  /** Rounded to two decimals; null with no ratings. */
  mean: number | null;
  /** How many ratings gave each score, 1 to 5. */
  distribution: Record<RatingScore, number>;
}

/** Count, mean and distribution of ratings from how many there are of each score. */
export function summariseRatings(counts: { score: number; count: number }[]): RatingSummary {
  const distribution = Object.fromEntries(RATING_SCORES.map((s) => [s, 0])) as Record<RatingScore, number>;
  for (const { score, count } of counts) {
    if (RATING_SCORES.includes(score as RatingScore)) distribution[score as RatingScore] += count;
  }
  const count = RATING_SCORES.reduce((sum, s) => sum + distribution[s], 0);
  const total = RATING_SCORES.reduce((sum, s) => sum + s * distribution[s], 0);
  return { count, mean: count === 0 ? null : Math.round((total / count) * 100) / 100, distribution };
}
