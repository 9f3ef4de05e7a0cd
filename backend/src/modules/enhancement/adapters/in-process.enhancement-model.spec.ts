import { describeEnhancementModelContract } from '../ports/enhancement-model.contract';
import { InProcessEnhancementModel } from './in-process.enhancement-model';

describeEnhancementModelContract(
  'InProcessEnhancementModel (classic)',
  () => new InProcessEnhancementModel({ engine: 'classic' }),
);
