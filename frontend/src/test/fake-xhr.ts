import { act } from '@testing-library/react';

/** A stand-in for XMLHttpRequest (jsdom's would try the network) that a test drives step by step. */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
    FakeXhr.instances.push(this);
  }

  /** The form data sent, for assertions. */
  get form(): FormData {
    return this.body as FormData;
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }

  async respond(status: number, body: unknown, statusText = status < 300 ? 'Created' : 'Error') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    await act(async () => this.onload?.());
  }

  async failNetwork() {
    await act(async () => this.onerror?.());
  }

  async abort() {
    await act(async () => this.onabort?.());
  }

  static latest(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) throw new Error('No upload was sent');
    return xhr;
  }
}

/** Swap in FakeXhr for one test; returns the function that puts the real one back. */
export function installFakeXhr(): () => void {
  const original = window.XMLHttpRequest;
  FakeXhr.instances = [];
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    window.XMLHttpRequest = original;
  };
}

/** A small image file of the given name and type. */
export const imageFile = (name: string, type = 'image/jpeg') => new File(['pixels'], name, { type });

/** jsdom has no object URLs; previews and downloads need them. */
export function installObjectUrls() {
  let n = 0;
  URL.createObjectURL = jest.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = jest.fn();
}
