import type { LoadTarget } from './load';

/**
 * Whether the ceiling answers what the app answers: a faster ceiling that leaves out a field or
 * reads other rows would flatter it. Reads must be equal value for value (same rows, same
 * fields, same X-Total-Count); a login, whose token and times differ each time, the same shape.
 */

interface Answer {
  status: number;
  total: string | null;
  body: unknown;
}

async function answerOf(
  baseUrl: string,
  target: LoadTarget,
  { path, body }: LoadTarget['requests'][number],
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: target.method,
    headers: target.headers,
    body,
  });
  return {
    status: response.status,
    total: response.headers.get('x-total-count'),
    body: await response.json(),
  };
}

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** The first place where `a` and `b` differ, as a path; undefined when they do not. */
function firstDifference(
  a: unknown,
  b: unknown,
  valuesToo: boolean,
  path = '$',
): string | undefined {
  if (kindOf(a) !== kindOf(b)) return `${path} (${kindOf(a)} / ${kindOf(b)})`;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (valuesToo && a.length !== b.length) return `${path} (${a.length} / ${b.length} items)`;
    for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
      const found = firstDifference(a[index], b[index], valuesToo, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (kindOf(a) === 'object') {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (!(key in left) || !(key in right)) {
        return `${path}.${key} (${key in left ? 'app only' : 'ceiling only'})`;
      }
      const found = firstDifference(left[key], right[key], valuesToo, `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  if (valuesToo && a !== b) return `${path} (${JSON.stringify(a)} / ${JSON.stringify(b)})`;
  return undefined;
}

/** 'same', or where the ceiling's answer departs from the app's, on any of the target's requests. */
export async function compareAnswers(
  appUrl: string,
  ceilingUrl: string,
  target: LoadTarget,
  valuesToo: boolean,
): Promise<string> {
  for (const request of target.requests) {
    const [app, ceiling] = await Promise.all([
      answerOf(appUrl, target, request),
      answerOf(ceilingUrl, target, request),
    ]);
    const where = target.requests.length > 1 ? ` (${request.path})` : '';
    if (app.status !== ceiling.status) return `status ${app.status} / ${ceiling.status}${where}`;
    if (app.total !== ceiling.total) {
      return `X-Total-Count ${app.total} / ${ceiling.total}${where}`;
    }
    const difference = firstDifference(app.body, ceiling.body, valuesToo);
    if (difference) return `${difference}${where}`;
  }
  return 'same';
}
