import { type FormEvent, useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button';
import { StarIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import {
  isLowScore,
  type PhotoRating as StoredRating,
  RATING_NOTE_MAX,
  ratePhoto,
  ratingKey,
  usePhotoRating,
} from '../api/rating';

const SCORES = [
  { score: 1, word: 'Poor' },
  { score: 2, word: 'Fair' },
  { score: 3, word: 'Good' },
  { score: 4, word: 'Great' },
  { score: 5, word: 'Excellent' },
];

/** The form, started from what the host stored (remounted when that changes, so it always shows the stored one). */
function RatingForm({
  photoId,
  stored,
  onRated,
}: {
  photoId: number;
  stored: StoredRating;
  onRated: (score: number) => void;
}) {
  const { mutate } = useSWRConfig();
  const [score, setScore] = useState<number | null>(stored.score);
  const [note, setNote] = useState(stored.note ?? '');
  const [busy, setBusy] = useState(false);
  const name = useId();
  const noteId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (score === null) return;
    setBusy(true);
    try {
      const saved = await ratePhoto(photoId, { score, note: note.trim() || null });
      toast({
        title: 'Thanks for your rating',
        description: isLowScore(score) ? 'Sorry this photo missed the mark.' : 'It helps us make better photos.',
      });
      await mutate(ratingKey(photoId), saved, { revalidate: false });
      onRated(score);
    } catch (error) {
      toast({
        title: 'Rating not sent',
        description: errorMessage(error, 'Please try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="How did we do?" className="space-y-3">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">How did we do?</legend>
        <p className="text-sm text-slate-600">
          {stored.score === null
            ? 'Rate this photo from 1 (poor) to 5 (excellent).'
            : `You rated this photo ${stored.score} out of 5.`}
        </p>
        <div className="mt-2 grid max-w-sm grid-cols-5 gap-1.5">
          {SCORES.map((option) => (
            <label
              key={option.score}
              className="flex min-h-16 cursor-pointer flex-col items-center justify-center rounded-lg border border-slate-300 px-1 py-1.5 text-center has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-500"
            >
              <input
                type="radio"
                name={name}
                value={option.score}
                checked={score === option.score}
                onChange={() => setScore(option.score)}
                className="sr-only"
              />
              <StarIcon className="size-6" filled={score !== null && option.score <= score} />
              <span className="text-sm font-semibold text-slate-900">
                {option.score}
                <span className="sr-only"> of 5, </span>
              </span>
              <span className="text-xs text-slate-600">{option.word}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={noteId} className="text-sm font-semibold text-slate-900">
          Anything we should know? <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={RATING_NOTE_MAX}
          rows={2}
          aria-describedby={hintId}
          onChange={(event) => setNote(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-500"
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {note.length}/{RATING_NOTE_MAX} characters
        </p>
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={score === null || busy} aria-busy={busy}>
        {busy ? 'Sending...' : stored.score === null ? 'Send rating' : 'Update rating'}
      </Button>
    </form>
  );
}

/**
 * "How did we do?" under a delivered photo: 1 to 5 stars and an optional note, stored per photo and shown again
 * when the host comes back. Nothing is shown until the stored rating (or its absence) is known.
 */
export function PhotoRating({ photoId, onRated }: { photoId: number; onRated: (score: number) => void }) {
  const { data } = usePhotoRating(photoId);
  if (!data) return null;
  return (
    <div className="border-t border-slate-200 pt-3">
      <RatingForm key={data.updated_at ?? 'unrated'} photoId={photoId} stored={data} onRated={onRated} />
    </div>
  );
}
