export { blurRegions, type PrivacyBox, type PrivacyKind } from './blur';
export { FACE_MIN_SCORE, FACE_SEARCH_SIDE, FaceDetector, sharedFaceDetector } from './face-detector';
export { findPlates, PLATE_SEARCH_SIDE, type PlateBox } from './plates';
export { mergeBoxes } from './boxes';
export { privacyStage } from './privacy-stage';
