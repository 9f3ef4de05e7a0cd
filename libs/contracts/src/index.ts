/**
 * What the browser and the server share, so the two can never disagree: the package catalogue, the photo checks,
 * the accepted photo formats and the adjustment styles.
 */
export * from './adjustment-styles';
export * from './bracket-groups';
export * from './package-catalogue';
export * from './photo-checks';
export * from './photo-formats';
