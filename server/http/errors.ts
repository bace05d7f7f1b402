import { SERVER_MESSAGES } from '../../core/text/serverMessages';
// Typed errors that one handler turns into `{ message, code, field? }` with the right status.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON() {
    return this.field
      ? { message: this.message, code: this.code, field: this.field }
      : { message: this.message, code: this.code };
  }
}

export class Invalid extends HttpError {
  constructor(field: string, message: string) {
    super(400, message, 'invalid', field);
  }
}

export class Unauthorized extends HttpError {
  constructor(message: 'Unauthorization' | 'Token_Expired' = 'Unauthorization') {
    super(401, message, message === 'Token_Expired' ? 'token_expired' : 'unauthorized');
  }
}

export class Forbidden extends HttpError {
  constructor(message: string = SERVER_MESSAGES.notAccountMember) {
    super(403, message, 'forbidden');
  }
}

export class NotFound extends HttpError {
  constructor(message: string = SERVER_MESSAGES.notFound) {
    super(404, message, 'not_found');
  }
}

export class Conflict extends HttpError {
  constructor(message: string, field?: string) {
    super(409, message, 'conflict', field);
  }
}

export class TooManyRequests extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, 'rate_limited', undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}
