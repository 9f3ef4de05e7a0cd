import path from 'node:path';

/** FNV-1a of a file name: the tune / check split and the degradation noise seed, the same on every machine. */
export const nameHash = (name: string): number => {
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
};

/**
 * Half the photos of each set (by the rank of their name's hash, so the split is balanced and the same on every
 * machine) are used to tune the engine; the other half only checks it.
 */
export const splitHalves = (names: string[]): Map<string, 'tune' | 'check'> => {
  const ranked = [...names].sort(
    (a, b) => nameHash(path.parse(a).name) - nameHash(path.parse(b).name) || (a < b ? -1 : 1),
  );
  return new Map(ranked.map((name, rank) => [name, rank < Math.ceil(names.length / 2) ? 'tune' : 'check']));
};
