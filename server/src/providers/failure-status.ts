/**
 * The HTTP status our API answers when a provider fails, by the port's failure kind: the
 * vendor's refusal of our key is a bad gateway, its quota or rate limit a service that is
 * unavailable for now, a timeout a gateway timeout.
 */
export const FAILURE_STATUS = {
  auth: 502,
  quota: 503,
  rate_limit: 503,
  timeout: 504,
  unavailable: 502,
  bad_request: 502,
  bad_response: 502,
  /** The request is fine but this source cannot answer it (WordNet and a Spanish seed). */
  unsupported_language: 422,
} as const;
