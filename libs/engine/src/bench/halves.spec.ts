import { nameHash, splitHalves } from './halves';

describe('tune / check halves', () => {
  it('splits a set in two halves by the hash of the name without its extension', () => {
    const names = ['a.jpg', 'b.png', 'c.jpg', 'd.jpg', 'e.jpg'];
    const halves = splitHalves(names);
    expect([...halves.values()].filter((h) => h === 'tune')).toHaveLength(3);
    expect(splitHalves([...names].reverse())).toEqual(halves);
    expect(nameHash('a')).toBe(0xe40c292c);
  });
});
