import * as contracts from '@listinglens/contracts';
import * as engine from '@listinglens/engine';
import { tooManyPhotos } from '../../orders';
import { parseGroupLabel, UploadGroups } from './photo-groups';

describe('an upload’s groups, file by file', () => {
  it('counts a bracket as one photo, whatever its frames, and a file without a group as one', () => {
    const groups = new UploadGroups(2);
    expect(groups.place('kitchen', tooManyPhotos)).toEqual({ closesBracket: false, frame: 1 });
    expect(groups.place('kitchen', tooManyPhotos)).toEqual({ closesBracket: false, frame: 2 });
    expect(groups.place('kitchen', tooManyPhotos)).toEqual({ closesBracket: false, frame: 3 });
    expect(groups.photos).toBe(1);
    expect(groups.place(undefined, tooManyPhotos)).toEqual({ closesBracket: true, frame: undefined });
    expect(groups.photos).toBe(2);
    expect(() => groups.place(undefined, tooManyPhotos)).toThrow('You can only upload up to 2 more photo(s).');
  });

  it('starts the next bracket when the name changes, and refuses a name that comes back', () => {
    const groups = new UploadGroups(5);
    groups.place('kitchen', tooManyPhotos);
    expect(groups.place('bath', tooManyPhotos)).toEqual({ closesBracket: true, frame: 1 });
    expect(groups.openLabel).toBe('bath');
    expect(() => groups.place('kitchen', tooManyPhotos)).toThrow(
      'Send the frames of group "kitchen" one after another.',
    );
  });

  it(`refuses frame ${engine.MAX_BRACKET_FRAMES + 1} of a bracket before it is stored`, () => {
    const groups = new UploadGroups(1);
    for (let i = 0; i < engine.MAX_BRACKET_FRAMES; i++) groups.place('stairs', tooManyPhotos);
    expect(() => groups.place('stairs', tooManyPhotos)).toThrow('Group "stairs" has more than 7 frames');
  });

  it('takes group names of letters, digits, dots, dashes and underscores only', () => {
    expect(parseGroupLabel('kitchen_2.bracket-a')).toBe('kitchen_2.bracket-a');
    for (const bad of ['', 'my kitchen', '../x', 'a'.repeat(65), 'küche']) {
      expect(() => parseGroupLabel(bad)).toThrow('group must be 1 to 64 letters');
    }
  });

  it('holds brackets to the sizes the engine merges (the widget reads the same limits from contracts)', () => {
    expect([contracts.MIN_BRACKET_FRAMES, contracts.MAX_BRACKET_FRAMES]).toEqual([
      engine.MIN_BRACKET_FRAMES,
      engine.MAX_BRACKET_FRAMES,
    ]);
  });
});
