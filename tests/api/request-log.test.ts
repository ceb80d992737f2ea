/**
 * One log line per request, when it completes, and none for the load balancer's health checks
 * (src/server/http/request-log.ts): the route's pattern, never the values in it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createOrderAs, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  statusCode?: number;
  responseTime?: number;
  userId?: string;
}

const INFO = 30;

let testApp: TestApp;
let customer: LoggedIn;
const logLines: string[] = [];
const logged = () => logLines.map((line) => JSON.parse(line) as LogLine);

beforeAll(async () => {
  testApp = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    // Mails sent in the background would log lines of their own between a request's.
    runOutboxWorker: false,
    logStream: { write: (line) => void logLines.push(line) },
  });
  customer = await loginAs(testApp, 'individual');
});
afterAll(() => testApp.close());
beforeEach(() => {
  logLines.length = 0;
});

describe('the request log', () => {
  it('writes one line for a signed-in request: method, route, status, time, request id, user', async () => {
    const order = await createOrderAs(testApp, customer);
    logLines.length = 0;
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/orders/${order.id}?lang=fr`,
      headers: bearer(customer.token),
    });
    expect(response.statusCode, response.body).toBe(200);

    const lines = logged();
    expect(lines, logLines.join('')).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: INFO,
      msg: 'request completed',
      method: 'GET',
      route: '/api/dashboard/orders/:id',
      statusCode: 200,
      userId: customer.user.id,
    });
    expect(line!.reqId).toEqual(expect.any(String));
    expect(line!.responseTime).toEqual(expect.any(Number));
    expect(logLines.join('')).not.toContain(order.id);
    expect(logLines.join('')).not.toContain(customer.token);
  });

  it('writes one line without a user for an anonymous request', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(401);
    const lines = logged().filter((line) => line.msg === 'request completed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'POST', route: '/api/auth/login', statusCode: 401 });
    expect(lines[0]).not.toHaveProperty('userId');
    expect(logLines.join('')).not.toContain(customer.email);
  });

  it('keeps a token in a path that matched no route out of the line', async () => {
    await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/secret-token-123?x=1',
    });
    const lines = logged().filter((line) => line.msg === 'request completed');
    expect(lines).toHaveLength(1);
    expect(logLines.join('')).not.toContain('secret-token-123');
  });

  it('writes nothing for the health check', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(logLines).toEqual([]);
  });
});
