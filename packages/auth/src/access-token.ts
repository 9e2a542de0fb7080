/** A validated access token from the token endpoint. */
export interface AccessToken {
  /** The bearer token. Treat it as a secret: never log it. */
  readonly accessToken: string;
  /** Always `Bearer` (normalised from the server's case). */
  readonly tokenType: 'Bearer';
  /** Lifetime in seconds, as the server sent it. */
  readonly expiresIn: number;
  /** Epoch milliseconds at which the token expires, counted from when the request was sent. */
  readonly expiresAt: number;
}
