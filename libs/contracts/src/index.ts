/** What the browser and the server share, so the two can never disagree: the package catalogue and the photo checks. */
export * from './package-catalogue';
export * from './photo-checks';
