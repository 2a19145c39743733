/** Extra fields a refusal's body carries beside its message and code. */
export type ErrorFields = Readonly<Record<string, unknown>>;

/**
 * A refusal the domain decides: its HTTP status, the user-facing message, an optional
 * machine-readable code and extra body fields. Services throw these; the error handler
 * (`plugins/error-handler.ts`) answers every one with `{ message, code?, …fields }`.
 */
export class DomainError extends Error {
  /** Response headers the refusal carries (a 429's retry-after, a 405's allow). */
  headers: Readonly<Record<string, string>> = {};

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields: ErrorFields = {},
  ) {
    super(message);
  }

  /** The same refusal with `headers` on its answer. */
  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }

  /** The response body: the code only when there is one, as the API always answered. */
  body(): Record<string, unknown> {
    return {
      message: this.message,
      ...(this.code === undefined ? {} : { code: this.code }),
      ...this.fields,
    };
  }
}

/** A DomainError class whose every instance answers `status`. */
function withStatus(status: number) {
  return class extends DomainError {
    constructor(message: string, code?: string, fields?: ErrorFields) {
      super(status, message, code, fields);
    }
  };
}

/** 400: the request names something that cannot be used (a refused URL, a bad value). */
export class Invalid extends withStatus(400) {}

/** 401: no valid session, link or token proves who asks. */
export class Unauthorized extends withStatus(401) {}

/** 402: the payment the request depends on was declined or not approved. */
export class PaymentRequired extends withStatus(402) {}

/** 403: the user may not do this. */
export class Forbidden extends withStatus(403) {}

/** 403 of the user's plan: the message says what to upgrade for. */
export class PlanLimit extends Forbidden {}

/** 404: nothing of that id, or not the user's (the same answer, so ids cannot be probed). */
export class NotFound extends withStatus(404) {}

/** 405: the path takes another method. */
export class MethodNotAllowed extends withStatus(405) {}

/** 409: the request clashes with what exists (a duplicate, a check already running). */
export class Conflict extends withStatus(409) {}

/** 410: what the request names was there and is used up or expired (an invitation's link). */
export class Gone extends withStatus(410) {}

/** 429: an allowance is used up. */
export class QuotaExceeded extends withStatus(429) {}

/** 502: a provider the request depends on refused or failed, so nothing was done. */
export class BadGateway extends withStatus(502) {}

/** 503: the server cannot do it now (shutting down, no browser or worker). */
export class Unavailable extends withStatus(503) {}
