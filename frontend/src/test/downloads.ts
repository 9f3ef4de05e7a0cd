/** Test helpers for downloads: a file response as the server sends it, and a record of `<a download>` clicks. */

export function fileResponse(fileName: string | null, status = 200): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: {
      get: (name: string) =>
        name.toLowerCase() === 'content-disposition' && fileName ? `attachment; filename="${fileName}"` : null,
    },
    blob: async () => new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
    text: async () => (status === 200 ? '' : JSON.stringify({ message: 'gone' })),
    json: async () => ({}),
  } as unknown as Response;
}

export interface AnchorClick {
  href: string | null;
  download: string;
}

/** Record every programmatic `<a>.click()` instead of letting jsdom try to navigate. */
export function recordDownloadClicks(): AnchorClick[] {
  const clicks: AnchorClick[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.getAttribute('href'), download: this.download });
  });
  return clicks;
}
