import { type EnhancementModel, type EnhancementRequest } from '../../src/modules/enhancement/ports/enhancement-model';
import { strictFake } from './strict-fake';

/**
 * A strict enhancement model that answers every call with `result` (only the fields the use case reads) and keeps
 * what each call asked for in `requests`, in order.
 */
export function recordingModel(result: object): { model: EnhancementModel; requests: EnhancementRequest[] } {
  const requests: EnhancementRequest[] = [];
  const model = strictFake<EnhancementModel>('model', {
    version: 'test',
    enhance: async (_input: Buffer, request: EnhancementRequest) => {
      requests.push(request);
      return result;
    },
  });
  return { model, requests };
}
