import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('readConfig', () => {
  it('applies the documented defaults', () => {
    const config = readConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.RATE_LIMIT_LOGIN_PER_EMAIL).toBe(10);
    expect(config.RATE_LIMIT_LOGIN_PER_IP).toBe(100);
    expect(config.RATE_LIMIT_REGISTER_PER_IP).toBe(10);
    expect(config.RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL).toBe(3);
    expect(config.RATE_LIMIT_QUOTE_PER_USER).toBe(60);
    expect(config.RATE_LIMIT_QUOTE_PER_IP).toBe(300);
    expect(config.RATE_LIMIT_ORDER_PER_CUSTOMER).toBe(30);
    expect(config.RATE_LIMIT_ORDER_PER_IP).toBe(100);
    expect(config.RATE_LIMIT_TRACKING_PER_IP).toBe(60);
    expect(config.RATE_LIMIT_RECEIVER_PER_IP).toBe(60);
    expect(config.RATE_LIMIT_RECEIVER_PER_TOKEN).toBe(30);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.OUTBOX_RETRY_BASE_MS).toBe(2000);
    expect(config.OUTBOX_MAX_ATTEMPTS).toBe(8);
    expect(config.WEB_CONCURRENCY).toBe(availableParallelism());
    expect(config.isProduction).toBe(false);
  });

  it('reads LOG_MESSAGE_TEXT: off unless it is 1', () => {
    expect(readConfig({}).LOG_MESSAGE_TEXT).toBe(false);
    expect(readConfig({ LOG_MESSAGE_TEXT: '0' }).LOG_MESSAGE_TEXT).toBe(false);
    expect(readConfig({ LOG_MESSAGE_TEXT: '1' }).LOG_MESSAGE_TEXT).toBe(true);
  });

  it('reads WEB_CONCURRENCY', () => {
    expect(readConfig({ WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
  });

  it('starts in production with SMTP_URL, or with MAIL_MODE=log said explicitly', () => {
    const smtp = readConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.ma' });
    expect(smtp.isProduction).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', MAIL_MODE: 'log' }).MAIL_MODE).toBe('log');
  });

  it('derives PUBLIC_URL from PORT and keeps an explicit one', () => {
    expect(readConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(readConfig({ PUBLIC_URL: 'https://atlas.example.ma' }).PUBLIC_URL).toBe(
      'https://atlas.example.ma',
    );
  });

  it('reads TRUST_PROXY as no proxy or a list of proxy addresses and CIDR ranges', () => {
    expect(readConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8']);
    expect(readConfig({ TRUST_PROXY: '2001:db8::/32,::1' }).TRUST_PROXY).toEqual([
      '2001:db8::/32',
      '::1',
    ]);
  });

  it('reads the attempt limits', () => {
    const config = readConfig({
      RATE_LIMIT_REGISTER_PER_IP: '25',
      RATE_LIMIT_TRACKING_PER_IP: '5',
    });
    expect(config.RATE_LIMIT_REGISTER_PER_IP).toBe(25);
    expect(config.RATE_LIMIT_TRACKING_PER_IP).toBe(5);
  });

  it('treats empty values as unset', () => {
    const config = readConfig({
      DATABASE_URL: '',
      SMTP_URL: ' ',
      ADMIN_EMAIL: '',
      JWT_SECRET: '',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.ADMIN_EMAIL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL must be an email address'],
    [{ ADMIN_PASSWORD: 'Secret123!' }, 'ADMIN_PASSWORD is set but ADMIN_EMAIL is not'],
    [{ RATE_LIMIT_LOGIN_PER_IP: '0' }, 'RATE_LIMIT_LOGIN_PER_IP must be positive'],
    [{ RATE_LIMIT_REGISTER_PER_IP: 'ten' }, 'RATE_LIMIT_REGISTER_PER_IP must be a number'],
    [{ RATE_LIMIT_ORDER_PER_CUSTOMER: '0' }, 'RATE_LIMIT_ORDER_PER_CUSTOMER must be positive'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY=true would trust any client'],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY=1 is a hop count'],
    [{ TRUST_PROXY: '10.0.0.1, lb.internal' }, 'TRUST_PROXY: lb.internal is not'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: 10.0.0.0/33 is not'],
    [{ NODE_ENV: 'production' }, 'SMTP_URL is not set in production'],
    [{ MAIL_MODE: 'smtp' }, 'MAIL_MODE must be log'],
    [{ LOG_MESSAGE_TEXT: 'yes' }, 'LOG_MESSAGE_TEXT must be 1'],
    [
      { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.ma', LOG_MESSAGE_TEXT: '1' },
      'LOG_MESSAGE_TEXT=1 is refused in production',
    ],
    [{ SMS_URL: 'gateway' }, 'SMS_URL must be a URL'],
    [{ OUTBOX_MAX_ATTEMPTS: '0' }, 'OUTBOX_MAX_ATTEMPTS must be positive'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY must be positive'],
    [{ WEB_CONCURRENCY: '1.5' }, 'WEB_CONCURRENCY must be a whole number'],
    [{ WEB_CONCURRENCY: 'auto' }, 'WEB_CONCURRENCY must be a number'],
    [{ MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' }, 'MAP_TILE_URL must be an http(s) tile URL'],
  ])('refuses %o with one readable line', (env, expected) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    try {
      readConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(expected);
      expect(message).toMatch(/^Invalid configuration: /);
      expect(message).not.toContain('\n');
    }
  });
});
