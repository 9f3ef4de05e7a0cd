import { MAX_INPUT_PIXELS as UPLOAD_LIMIT } from '../../shared/photo-limits';
import { MAX_INPUT_PIXELS } from './engine';

describe('photo size limits', () => {
  it('the engine decodes every photo an upload accepts, and refuses what an upload would refuse', () => {
    expect(MAX_INPUT_PIXELS).toBe(UPLOAD_LIMIT);
  });
});
