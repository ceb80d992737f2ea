import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dateFromToday,
  driverTruckPayload,
  loginAs,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';

/**
 * docs/decisions/0010-languages.md, "Errors and validation messages": every error answers
 * `{ code, message, errors?, errorCodes? }`, its words in the request's Accept-Language and its
 * codes the same in every language.
 */
let testApp: TestApp;
let admin: LoggedIn;
let company: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
  company = await loginAs(testApp, 'company');
});
afterAll(() => testApp.close());

const FRENCH = 'fr-FR,fr;q=0.9';
const ARABIC = 'ar-MA,ar;q=0.9,en;q=0.5';

const badLogin = (acceptLanguage?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    payload: { email: 'not-an-email', password: 'x' },
  });

describe('a validation error', () => {
  it('answers English with a code for the message and each field', async () => {
    const response = await badLogin();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation.email_invalid',
      message: 'Please enter a valid email',
      errors: { email: 'Please enter a valid email', password: 'Password is too short' },
      errorCodes: { email: 'validation.email_invalid', password: 'validation.password_too_short' },
    });
  });

  it('answers French when asked, with the same codes', async () => {
    const english = (await badLogin('en')).json();
    const response = await badLogin(FRENCH);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: english.code,
      message: 'Veuillez saisir une adresse e-mail valide',
      errors: {
        email: 'Veuillez saisir une adresse e-mail valide',
        password: 'Le mot de passe est trop court',
      },
      errorCodes: english.errorCodes,
    });
  });

  it('answers Arabic when asked, with the same codes', async () => {
    const english = (await badLogin('en')).json();
    const response = await badLogin(ARABIC);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: english.code,
      message: 'يرجى إدخال بريد إلكتروني صالح',
      errors: { email: 'يرجى إدخال بريد إلكتروني صالح', password: 'كلمة المرور قصيرة جدًا' },
      errorCodes: english.errorCodes,
    });
  });

  it('answers English to an unknown language or any language', async () => {
    const english = (await badLogin()).json();
    for (const header of ['xx', '*', 'de-DE,xx;q=0.8', 'fr;q=0']) {
      expect((await badLogin(header)).json(), header).toEqual(english);
    }
  });

  it('translates the nested fields of a registration', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': FRENCH },
      payload: {
        email: 'new@example.ma',
        password: 'Sahara@2026',
        userType: 'Company',
        company: { companyName: 'A', rc: '', nIf: 'IF-1', responsableName: 'Youssef' },
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toMatchObject({
      'company.companyName': "Le nom de l'entreprise est trop court",
      'company.rc': 'Le numéro du registre de commerce est obligatoire',
      'company.phone': "Le numéro de téléphone de l'entreprise est obligatoire",
    });
    expect(body.errorCodes).toMatchObject({
      'company.companyName': 'validation.company_name_too_short',
      'company.rc': 'validation.rc_required',
      'company.phone': 'validation.company_phone_required',
    });
  });
});

describe('other refusals', () => {
  it('a 404 has a code, in every language', async () => {
    const unknownPath = (language: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/nothing-here',
        headers: { 'accept-language': language },
      });
    expect((await unknownPath('en')).json()).toEqual({ code: 'not_found', message: 'Not found' });
    expect((await unknownPath(FRENCH)).json()).toEqual({
      code: 'not_found',
      message: 'Introuvable',
    });
    const unknownShipment = await testApp.app.inject({
      method: 'GET',
      url: '/api/track/MA-NONE-0000',
      headers: { 'accept-language': ARABIC },
    });
    expect(unknownShipment.statusCode).toBe(404);
    expect(unknownShipment.json()).toEqual({
      code: 'order.tracking_not_found',
      message: 'لا توجد شحنة بهذا الرقم التتبعي',
    });
  });

  it('a 401 and a 403 have codes', async () => {
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { 'accept-language': FRENCH },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      code: 'auth.token_missing',
      message: "Le jeton d'authentification est absent. Veuillez vous reconnecter.",
    });
    const customer = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { ...bearer(company.token), 'accept-language': ARABIC },
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({
      code: 'auth.admins_only',
      message: 'يلزم امتلاك صلاحيات المسؤول',
    });
  });

  it('translates each refusal of a composite message and keeps its values', async () => {
    const order = await createOrderAs(testApp, company, { weight: 500 });
    const truck = await createTruckWithDriver(testApp, {
      capacityKg: 100,
      licenseExpire: dateFromToday(-3),
    });
    const dispatch = (language: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order.id}/update-status`,
        headers: { ...bearer(admin.token), 'accept-language': language },
        payload: { status: 'IN_TRANSIT', truckNumber: truck.truckNumber, driverId: truck.driverId },
      });
    const english = await dispatch('en');
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({
      code: 'dispatch.capacity_too_small',
      message:
        `Truck ${truck.truckNumber} carries up to 100 kg, below the order weight of 500 kg. ` +
        `The driver's licence expired on ${dateFromToday(-3)}`,
    });
    expect((await dispatch(FRENCH)).json()).toEqual({
      code: 'dispatch.capacity_too_small',
      message:
        `Le camion ${truck.truckNumber} transporte jusqu'à 100 kg, moins que le poids de la ` +
        `commande (500 kg). Le permis du chauffeur a expiré le ${dateFromToday(-3)}`,
    });
  });

  it('names a status in the language asked for', async () => {
    const order = await createOrderAs(testApp, company);
    const cancel = (language: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order.id}/update-status`,
        headers: { ...bearer(admin.token), 'accept-language': language },
        payload: { status: 'CANCELLED', reason: 'Customer asked' },
      });
    expect((await cancel('en')).statusCode).toBe(200);
    const again = await cancel(FRENCH);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'order.status_final',
      message: 'Cette commande est annulée et ne peut plus changer',
    });
  });

  it('codes the body errors Fastify itself answers', async () => {
    const wrongType = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml', 'accept-language': FRENCH },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({
      code: 'unsupported_media_type',
      message: 'Type de contenu non pris en charge',
    });
    const notJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': ARABIC },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('request.invalid_json_body');
    const tooLarge = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': FRENCH },
      payload: JSON.stringify({ email: 'x'.repeat(300 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      code: 'payload_too_large',
      message: 'Le corps de la requête est trop volumineux',
    });
  });
});

describe('CSV exports', () => {
  const headerLine = async (url: string, language?: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: {
        ...bearer(admin.token),
        ...(language === undefined ? {} : { 'accept-language': language }),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.body.replace(/^\uFEFF/, '').split('\r\n')[0];
  };

  it('name their columns in the language asked for, English unchanged', async () => {
    expect(await headerLine('/api/admin/users/export.csv')).toBe(
      'Email,Name,User Type,Role,Created At,Disabled at',
    );
    expect(await headerLine('/api/admin/users/export.csv', 'xx')).toBe(
      'Email,Name,User Type,Role,Created At,Disabled at',
    );
    expect(await headerLine('/api/admin/users/export.csv', FRENCH)).toBe(
      "E-mail,Nom,Type d'utilisateur,Rôle,Inscrit le,Désactivé le",
    );
    expect(await headerLine('/api/admin/trucks/export.csv', ARABIC)).toBe(
      'معرّف الشاحنة,النوع,الطراز,السنة,الحمولة (كغ),الحجم (م³),الحالة,الموقع,اسم السائق,هاتف السائق,الرخصة,انتهاء صلاحية الرخصة,حالة الرخصة,الفحص التقني,موعد الفحص التقني القادم,حالة الفحص التقني,آخر تحديث',
    );
  });

  it('keep the same columns in every language', async () => {
    for (const url of [
      '/api/admin/orders/export.csv',
      '/api/admin/payments/export.csv',
      '/api/admin/cash/export.csv',
      '/api/admin/cash/remittances/export.csv',
      '/api/admin/cash/flagged/export.csv',
      '/api/admin/messages/export.csv',
    ]) {
      const english = (await headerLine(url))!.split(',');
      const french = (await headerLine(url, FRENCH))!.split(',');
      const arabic = (await headerLine(url, ARABIC))!.split(',');
      expect(french, url).toHaveLength(english.length);
      expect(arabic, url).toHaveLength(english.length);
      // Every column is named in the language: none is left in English (Date and Type are
      // spelled alike in French).
      for (const [index, name] of english.entries()) {
        expect(arabic[index], `${url} ${name}`).not.toBe(name);
        if (!['Date', 'Type', 'Note'].includes(name)) {
          expect(french[index], `${url} ${name}`).not.toBe(name);
        }
      }
    }
  });
});

describe('a refusal naming several fields', () => {
  it('translates each of them and codes each field', async () => {
    const payload = driverTruckPayload();
    const first = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/trucks/add',
      headers: bearer(admin.token),
      payload,
    });
    expect(first.statusCode, first.body).toBe(201);
    const duplicate = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/trucks/add',
      headers: { ...bearer(admin.token), 'accept-language': FRENCH },
      payload: { ...payload, fullName: 'Someone Else' },
    });
    expect(duplicate.statusCode).toBe(409);
    const body = duplicate.json();
    expect(body.code).toBe('fleet.truck_number_taken');
    expect(body.errorCodes).toEqual({
      truckNumber: 'fleet.truck_number_taken',
      nationalId: 'fleet.national_id_taken',
      license: 'fleet.license_taken',
      phone: 'fleet.phone_taken',
    });
    expect(body.message).toBe(
      `Un camion immatriculé ${payload.truckNumber.toUpperCase()} existe déjà. ` +
        'Un chauffeur avec ce numéro de CIN existe déjà. ' +
        'Un chauffeur avec ce numéro de permis existe déjà. ' +
        'Un chauffeur avec ce numéro de téléphone existe déjà',
    );
  });
});
