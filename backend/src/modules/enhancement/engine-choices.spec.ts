import { ENGINE_CHOICES as CONFIGURABLE } from '../../shared/engine-choices';
import { ENGINE_CHOICES } from './engine';

describe('engine choices', () => {
  it('the configuration accepts exactly the engines the engine runs', () => {
    expect([...CONFIGURABLE]).toEqual([...ENGINE_CHOICES]);
  });
});
