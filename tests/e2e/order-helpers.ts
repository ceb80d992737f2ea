import type { APIRequestContext, Page } from '@playwright/test';
import { findCity } from '../../src/shared/cities';
import type { Priority } from '../../src/shared/pricing';
import type { PriceResult } from '../../src/shared/schemas/order-schemas';
import { registerCompanyThroughApi, strongPassword, uniqueEmail } from './auth-helpers';
import { expect } from './fixtures';

/** Helpers for the ordering tests: a signed-in customer, prices asked through the API. */

/** Registers a company, logs it in through the API and stores the session in the browser. */
export async function signInNewCustomer(page: Page, request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('order');
  await registerCompanyThroughApi(request, email);
  const response = await request.post('/api/auth/login', {
    data: { email, password: strongPassword },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: { id: string } };
  await page.addInitScript(
    ([storedToken, storedUser]) => {
      window.localStorage.setItem('token', storedToken);
      window.localStorage.setItem('user', storedUser);
      window.localStorage.setItem('id', JSON.parse(storedUser).id);
    },
    [token, JSON.stringify(user)] as const,
  );
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Shipment {
  from: string;
  to: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  priority: Priority;
}

export function pointOf(name: string) {
  const city = findCity(name);
  if (!city) throw new Error(`${name} is not a listed city`);
  return { lat: city.lat, lng: city.lng };
}

/** The price the server gives these inputs, asked through the API as the wizard asks it. */
export async function priceThroughApi(
  request: APIRequestContext,
  token: string,
  shipment: Shipment,
) {
  const response = await request.post('/api/dashboard/distance', {
    headers: bearer(token),
    data: {
      origin: pointOf(shipment.from),
      destination: pointOf(shipment.to),
      weight: shipment.weight,
      length: shipment.length,
      width: shipment.width,
      height: shipment.height,
      type: shipment.priority,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PriceResult;
}

export async function chooseCity(page: Page, label: string, typed: string, city: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${city}\\b`) }).click();
  await expect(box).toHaveValue(city);
}
