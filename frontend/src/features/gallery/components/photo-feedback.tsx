import { useState } from 'react';
import { type Photo } from '../../photos';
import { isLowScore, usePhotoRating } from '../api/rating';
import { AdjustPhoto } from './adjust-photo';
import { PhotoRating } from './photo-rating';

export const LOW_RATING_INVITATION =
  'Sorry it missed the mark. Try an adjustment: we make this photo again from your original.';

/**
 * Under a delivered photo: "How did we do?", then the adjustment panel. A rating of 1 or 2 opens the panel with a
 * line inviting the host to try an adjustment; the line stays for a low rating when the host comes back.
 */
export function PhotoFeedback({ photo }: { photo: Photo }) {
  const delivered = photo.status === 'completed';
  const { data: rating } = usePhotoRating(delivered ? photo.id : null);
  const [openSignal, setOpenSignal] = useState(0);
  const low = rating?.score != null && isLowScore(rating.score);
  return (
    <>
      {delivered && (
        <PhotoRating
          photoId={photo.id}
          onRated={(score) => {
            if (isLowScore(score)) setOpenSignal((n) => n + 1);
          }}
        />
      )}
      <AdjustPhoto photo={photo} invitation={low ? LOW_RATING_INVITATION : undefined} openSignal={openSignal} />
    </>
  );
}
