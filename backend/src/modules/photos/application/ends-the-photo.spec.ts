import { ObjectNotFoundError } from '../../storage';
import { EnhancementError } from '@listinglens/engine';
import { endsThePhoto } from './ends-the-photo';

describe('endsThePhoto', () => {
  const first = { attempt: 1, maxAttempts: 3 };
  const last = { attempt: 3, maxAttempts: 3 };

  it("ends the job on the photo's own fault", () => {
    expect(endsThePhoto(new EnhancementError('IMAGE_UNREADABLE', 'unreadable'), first)).toBe(true);
    expect(endsThePhoto(new ObjectNotFoundError('originals/1/o/1.jpg'), first)).toBe(true);
    expect(endsThePhoto(new EnhancementError('MODEL_FAILED', 'model'), last)).toBe(true);
  });

  it('retries a model failure before the last attempt, and outages always', () => {
    expect(endsThePhoto(new EnhancementError('MODEL_FAILED', 'model'), first)).toBe(false);
    expect(endsThePhoto(new Error('connect ECONNREFUSED'), last)).toBe(false);
  });
});
