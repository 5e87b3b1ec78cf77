import {
  ERROR_CATALOGUE,
  errorTextOf,
  hasErrorParams,
  type ErrorCode,
  type ErrorParamsArg,
  type ErrorReference,
} from '@archlens/contracts/errors';

/** The arguments after the code: the code's parameters when its text has any, then `{cause}`. */
export type DomainErrorArgs<C extends ErrorCode> = [...ErrorParamsArg<C>, options?: ErrorOptions];

/** Sorts a constructor's arguments into a checked reference and the `Error` options. */
function referenceOf(code: ErrorCode, args: unknown[]): { reference: ErrorReference; options: ErrorOptions | undefined } {
  const withParams = hasErrorParams(code);
  const params: unknown = withParams ? args[0] : {};
  const options = (withParams ? args[1] : args[0]) as ErrorOptions | undefined;
  const parsed: unknown = ERROR_CATALOGUE[code].params.parse(params);
  return { reference: { code, params: parsed } as ErrorReference, options };
}

const DomainErrorClass = class DomainError extends Error {
  override readonly name = 'DomainError';
  /** The failure, from the catalogue. */
  readonly code: ErrorCode;
  /** The parameters of its text, checked against the catalogue. */
  readonly params: ErrorReference['params'];

  constructor(code: ErrorCode, ...args: unknown[]) {
    const { reference, options } = referenceOf(code, args);
    super(errorTextOf(reference), options);
    this.code = reference.code;
    this.params = reference.params;
  }

  /**
   * The refusal a checked reference names (a reply envelope's error, a stored failure).
   * @param reference a code and its parameters, as `errorReferenceSchema` gives them
   */
  static from(reference: ErrorReference, options?: ErrorOptions): DomainError {
    return new DomainErrorClass(reference.code, ...(hasErrorParams(reference.code) ? [reference.params, options] : [options]));
  }

  /** The code and its parameters, as they travel in the reply envelope. */
  toReference(): ErrorReference {
    return { code: this.code, params: this.params } as ErrorReference;
  }
};

/**
 * A refusal that belongs to the product's domain ("this file is not an image", "not enough
 * credits"), named by a code of the error catalogue (`@archlens/contracts/errors`) with the
 * parameters its text needs. It is the only error whose text crosses from a service to a client:
 * the worker host answers it in the reply envelope as `{code, params}`, and the gateway's exception
 * filter turns the code into the HTTP status and the text. `message` is the catalogue's text, for
 * logs; the cause is for the service's log only.
 */
export type DomainError = InstanceType<typeof DomainErrorClass>;

/** `DomainError`'s constructor: the code, then its parameters when its text has any, then `{cause}`. */
export interface DomainErrorConstructor {
  /**
   * @example new DomainError('credits.insufficient', { overBy: 10 })
   * @example new DomainError('report.unavailable', { cause: error })
   * @throws ZodError when the parameters do not fit the code (a programming error)
   */
  new <C extends ErrorCode>(code: C, ...args: DomainErrorArgs<C>): DomainError;
  readonly prototype: DomainError;
  /** The refusal a checked reference names (a reply envelope's error, a stored failure). */
  from(reference: ErrorReference, options?: ErrorOptions): DomainError;
}

export const DomainError = DomainErrorClass as DomainErrorConstructor;
