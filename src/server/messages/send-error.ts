/** A send that did not succeed; `permanent` ones are given up at once instead of retried. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
