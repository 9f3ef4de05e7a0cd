export { MAX_BRACKET_FRAMES, MIN_BRACKET_FRAMES } from './frames';
export { checkBracket, type BracketCheck, type BracketProblem } from './check';
export { BracketError, MAX_BRACKET_PIXELS, type MergeReport } from './merge';
