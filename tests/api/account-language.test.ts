import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../src/shared/schemas/notification-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import { addDriver, signInDriver, startSmsCatcher, type SmsCatcher } from './driver-helpers';
import {
  bearer,
  companyPayload,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  individualPayload,
  login,
  loginAs,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { waitUntil } from './polling';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

/**
 * An account's language (docs/decisions/0010-languages.md): kept on the account, chosen at
 * sign-up or later on the profile, and the language of everything the product writes to it:
 * mails, the SMS to its receivers, its driver's sign-in SMS and its in-app notifications.
 */
let smtp: SmtpCatcher;
let sms: SmsCatcher;
let testApp: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  [smtp, sms] = await Promise.all([startSmtpCatcher(), startSmsCatcher()]);
  testApp = await buildTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Atlas Freight <no-reply@atlas.test>',
      SMS_URL: sms.url,
    },
  });
  admin = await loginAs(testApp, 'admin');
});

afterAll(async () => {
  await testApp.close();
  await Promise.all([smtp.stop(), sms.stop()]);
});

async function profileOf(token: string): Promise<PublicUser> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/auth/profile',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { user: PublicUser }).user;
}

function changeLanguage(token: string, payload: unknown) {
  return testApp.app.inject({
    method: 'PATCH',
    url: '/api/auth/profile',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

async function chooseLanguage(token: string, locale: 'en' | 'fr' | 'ar'): Promise<PublicUser> {
  const response = await changeLanguage(token, { locale });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { user: PublicUser }).user;
}

async function register(payload: object, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { user: PublicUser }).user;
}

const waitForMail = (to: string, subject: RegExp) =>
  waitUntil(`a mail to ${to} with the subject ${subject}`, () =>
    smtp.received.find((mail) => mail.to === to && subject.test(mail.subject)),
  );

async function notificationTitles(token: string): Promise<string[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/dashboard/notifications',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as NotificationList).notifications.map((n) => n.title);
}

describe('GET and PATCH /api/auth/profile', () => {
  it('answers the account’s language, English by default, and changes it', async () => {
    const customer = await loginAs(testApp, 'company');
    expect(customer.user.locale).toBe('en');
    expect((await profileOf(customer.token)).locale).toBe('en');

    const changed = await chooseLanguage(customer.token, 'fr');
    expect(changed).toMatchObject({ id: customer.user.id, locale: 'fr', userType: 'COMPANY' });
    expect(changed.company).toBeDefined();
    expect((await profileOf(customer.token)).locale).toBe('fr');
    // The next sign-in answers it too.
    expect((await login(testApp, customer.email, customer.password)).user.locale).toBe('fr');
  });

  it('refuses a language the product does not have, naming the field', async () => {
    const customer = await loginAs(testApp, 'individual');
    for (const payload of [{ locale: 'xx' }, { locale: 'EN' }, {}, { locale: 3 }]) {
      const response = await changeLanguage(customer.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Language must be English, French or Arabic',
        errors: { locale: 'Language must be English, French or Arabic' },
      });
    }
    expect((await profileOf(customer.token)).locale).toBe('en');
  });

  it('lets an admin and a driver choose theirs, and no one unsigned', async () => {
    expect((await chooseLanguage(admin.token, 'ar')).locale).toBe('ar');
    expect((await profileOf(admin.token)).locale).toBe('ar');
    await chooseLanguage(admin.token, 'en');

    const driver = await addDriver(testApp, admin.token);
    const { token } = await signInDriver(testApp, driver.phone, sms);
    expect((await chooseLanguage(token, 'fr')).locale).toBe('fr');

    const unsigned = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      payload: { locale: 'fr' },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('is in the OpenAPI document, the languages listed', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const patch = document.paths['/api/auth/profile']?.patch;
    expect(JSON.stringify(patch?.requestBody)).toContain('"enum":["en","fr","ar"]');
  });
});

describe('POST /api/auth/register', () => {
  it('keeps the language the form sends', async () => {
    const user = await register({ ...companyPayload(), locale: 'fr' });
    expect(user.locale).toBe('fr');
  });

  it('takes the browser’s language (Accept-Language) when the form sends none', async () => {
    expect(
      (await register(individualPayload(), { 'accept-language': 'ar-MA,ar;q=0.9,en;q=0.5' }))
        .locale,
    ).toBe('ar');
    expect((await register(individualPayload(), { 'accept-language': 'xx, *' })).locale).toBe('en');
    expect((await register(individualPayload())).locale).toBe('en');
    // The form's choice wins over the browser's.
    expect(
      (await register({ ...individualPayload(), locale: 'fr' }, { 'accept-language': 'ar' }))
        .locale,
    ).toBe('fr');
  });

  it('refuses a language the product does not have', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...companyPayload(), locale: 'de' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { locale: 'Language must be English, French or Arabic' },
    });
  });
});

describe('what the product writes to an account, in its language', () => {
  it('mails a French customer in French and texts their receiver in French', async () => {
    const customer = await loginAs(testApp, 'company');
    await chooseLanguage(customer.token, 'fr');
    const receiverPhone = '+212612340001';
    const order = await createOrderAs(testApp, customer, { receiver_phone: receiverPhone });

    const placed = await waitForMail(customer.email, /MA-/);
    expect(placed.subject).toBe(`Nous avons bien reçu votre commande ${order.trackingNumber}`);
    expect(placed.text).toMatch(/^Bonjour,\n/);
    expect(placed.text).toContain('Casablanca → Rabat. Nous allons la confirmer');
    expect(placed.text).toContain('Vos notifications : http://atlas.test/dashboard/notifications');

    const truck = await createTruckWithDriver(testApp);
    await dispatchOrder(testApp, admin, order.id, truck);
    const receiverSms = await sms.waitForSms(receiverPhone, /est en route/);
    expect(receiverSms.text).toMatch(
      new RegExp(
        `^Atlas Freight : le colis ${order.trackingNumber} \\(Casablanca → Rabat\\) est en route\\. ` +
          'Livraison estimée le .+\\. Autre jour ou indications pour le livreur : ' +
          'http://atlas\\.test/r/[A-Za-z0-9_-]{22} ' +
          'Donnez ce code de livraison au chauffeur : \\d{6}\\.$',
      ),
    );
    const onTheRoad = await waitForMail(customer.email, /est en route/);
    expect(onTheRoad.subject).toBe(`Votre commande ${order.trackingNumber} est en route`);
  });

  it('mails a password reset link in the account’s language', async () => {
    const customer = await loginAs(testApp, 'individual');
    await chooseLanguage(customer.token, 'ar');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgetPassword',
      payload: { email: customer.email },
    });
    expect(response.statusCode).toBe(200);
    const mail = await waitForMail(customer.email, /Atlas Freight/);
    expect(mail.subject).toBe('أعد تعيين كلمة مرور حسابك في Atlas Freight');
    expect(mail.text).toMatch(/http:\/\/atlas\.test\/reset-password\/[\w-]+/);
    expect(mail.html).toContain('dir="rtl"');
  });

  it('writes the notifications in the reader’s language when read, older ones included', async () => {
    const customer = await loginAs(testApp, 'company');
    const order = await createOrderAs(testApp, customer);
    expect(await notificationTitles(customer.token)).toEqual([
      `We received your order ${order.trackingNumber}`,
    ]);
    await chooseLanguage(customer.token, 'fr');
    expect(await notificationTitles(customer.token)).toEqual([
      `Nous avons bien reçu votre commande ${order.trackingNumber}`,
    ]);
    await chooseLanguage(customer.token, 'ar');
    expect(await notificationTitles(customer.token)).toEqual([
      `تلقّينا طلبك ${order.trackingNumber}`,
    ]);
    await chooseLanguage(customer.token, 'en');
    expect(await notificationTitles(customer.token)).toEqual([
      `We received your order ${order.trackingNumber}`,
    ]);
  });

  it('texts a driver their sign-in code in Arabic once they chose Arabic', async () => {
    const driver = await addDriver(testApp, admin.token);
    const { token, user } = await signInDriver(testApp, driver.phone, sms);
    expect(user).toMatchObject({ role: 'DRIVER', locale: 'en' });
    expect((await chooseLanguage(token, 'ar')).locale).toBe('ar');

    const before = sms.messages.length;
    const requested = await testApp.app.inject({
      method: 'POST',
      url: '/api/driver/auth/code',
      payload: { phone: driver.phone },
    });
    expect(requested.statusCode, requested.body).toBe(202);
    const arabic = await waitUntil('the Arabic sign-in SMS', () =>
      sms.messages.slice(before).find((m) => m.to === driver.phone),
    );
    expect(arabic.text).toMatch(
      /^من Atlas Freight: رمز الدخول الخاص بك هو \d{6}\. تنتهي صلاحيته بعد 10 دقائق\.$/,
    );
    const code = /\d{6}/.exec(arabic.text)![0];
    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/driver/auth/login',
      payload: { phone: driver.phone, code },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((signedIn.json() as { user: PublicUser }).user.locale).toBe('ar');
  });
});
