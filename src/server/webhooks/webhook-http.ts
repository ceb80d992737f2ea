import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookDestination } from './webhook-destination';

export interface WebhookPost {
  destination: WebhookDestination;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** The most of an answer's body read (and dropped): a receiver's reply is not kept. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A lookup that answers only the addresses already checked, never asking DNS again. */
function pinnedLookup(destination: WebhookDestination): LookupFunction {
  const addresses = destination.addresses;
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, addresses);
      return;
    }
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const first = addresses.find((entry) => !wanted || entry.family === wanted) ?? addresses[0]!;
    callback(null, first.address, first.family);
  };
}

/**
 * POSTs one webhook and answers the receiver's status code; a time-out (the whole exchange, not
 * only the connection) or a network error rejects. Redirects are not followed: a 3xx is an
 * answer like any other that is not 2xx.
 */
export function postWebhook({
  destination,
  headers,
  body,
  timeoutMs,
}: WebhookPost): Promise<number> {
  const { url } = destination;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    lookup: pinnedLookup(destination),
    signal: AbortSignal.timeout(timeoutMs),
    agent: false,
  };
  return new Promise((resolve, reject) => {
    const outgoing = send(url, options, (answer: IncomingMessage) => {
      let read = 0;
      answer.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) answer.destroy();
      });
      answer.on('close', () => resolve(answer.statusCode ?? 0));
      answer.on('error', () => resolve(answer.statusCode ?? 0));
    });
    outgoing.on('error', (error: Error) => {
      reject(error.name === 'AbortError' ? new Error(`no answer within ${timeoutMs} ms`) : error);
    });
    outgoing.end(body);
  });
}
