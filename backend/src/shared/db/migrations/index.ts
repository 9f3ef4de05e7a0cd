import { InitialSchema1763769600000 } from './1763769600000-initial-schema';

/** Every migration, in order. Listed explicitly so the bundle needs no glob loading at run time. */
export const MIGRATIONS = [InitialSchema1763769600000];
