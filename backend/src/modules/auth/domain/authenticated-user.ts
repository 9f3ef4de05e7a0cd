/** Who made a request, as the auth guard hands it to controllers through `@CurrentUser()`. */
export interface AuthenticatedUser {
  id: number;
  email: string;
  /** How the request proved it: the browser's session cookie or an integrator's API key. */
  via: 'session' | 'apiKey';
  /** The key the request came with, when `via` is `apiKey` (webhook endpoints belong to a key). */
  apiKeyId?: number;
}
