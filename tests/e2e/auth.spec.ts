import { TEST_PASSWORD } from '../support/accounts';
import { expect, test } from './fixtures';
import { registerCompanyThroughApi, uniqueEmail } from './support/app-api';
import { waitForMail } from './support/catchers';
import {
  collectAlerts,
  expectHandledHttpError,
  logInAdminThroughForm,
  logInThroughForm,
  readSession,
} from './support/page-checks';

/** Sign-up, login, guards, logout and password reset (docs/product.md, sections 2, 4, 5, 8). */

test('a company registers through the form, logs in and sees Dashboard in the header', async ({
  page,
}) => {
  const alerts = collectAlerts(page);
  const email = uniqueEmail('company');

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Company' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Company Name').fill('Atlas Souss Trading');
  await page.getByLabel('Responsible Person').fill('Karim Alaoui');
  await page.getByLabel('Registration Number (RC)').fill('RC-77120');
  await page.getByLabel('Tax Identification Number (NIF)').fill('IF-998877');
  await page.getByLabel('Company Phone').fill('+212612345678');
  await page.getByLabel('Company Address').fill('Zone industrielle, Agadir');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(alerts).toEqual(['Company registration successful!']);
  await expect(page.getByRole('heading', { name: 'Welcome Back!!' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  // Enter submits the form.
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = await readSession(page);
  expect(session.token).toBeTruthy();
  expect(JSON.parse(session.user!)).toMatchObject({ email, role: 'USER', userType: 'COMPANY' });
  expect(session.id).toBe(JSON.parse(session.user!).id);

  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('an individual registers on the Individual tab and logs in', async ({ page }) => {
  const alerts = collectAlerts(page);
  const email = uniqueEmail('individual');

  await page.goto('/register/company');
  await page.getByRole('link', { name: 'Individual' }).click();
  await expect(page).toHaveURL(/\/register\/individual$/);
  await expect(page.getByRole('link', { name: 'Individual' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByLabel('Full Name').fill('  Salma Berrada  ');
  await page.getByLabel('National ID (CIN)').fill('JB123456');
  await page.getByLabel('Phone Number').fill('0612345678');
  await page.getByLabel('Address', { exact: true }).fill('Rue 5, Talborjt, Agadir');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(alerts).toEqual(['Registration successful!']);

  await logInThroughForm(page, email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const user = JSON.parse((await readSession(page)).user!);
  expect(user).toMatchObject({ email, userType: 'INDIVIDUAL', name: 'Salma Berrada' });
});

test('registering an email twice shows the server message', async ({ page, pageErrors }) => {
  const email = uniqueEmail('twice');
  await registerCompanyThroughApi(page.request, email);

  await page.goto('/register/individual');
  await page.getByLabel('Full Name').fill('Omar Tazi');
  await page.getByLabel('National ID (CIN)').fill('K445566');
  await page.getByLabel('Phone Number').fill('+212700112233');
  await page.getByLabel('Address', { exact: true }).fill('Hay Dakhla, Agadir');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');
  await expect(page).toHaveURL(/\/register\/individual$/);
  await expectHandledHttpError(pageErrors, 409);
});

test('sign-up fields show their messages only once touched', async ({ page }) => {
  await page.goto('/register/company');
  const companyName = page.getByLabel('Company Name');

  await companyName.focus();
  await expect(page.getByText('Company name is required')).toHaveCount(0);
  await companyName.blur();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await expect(companyName).toHaveAttribute('aria-invalid', 'true');
  await companyName.fill('A');
  await expect(page.getByText('Company name is too short')).toBeVisible();
  await companyName.fill('Agadir Freight');
  await expect(page.getByText('Company name is too short')).toHaveCount(0);

  await page.getByLabel('Company Phone').fill('12-34');
  await page.getByLabel('Company Phone').blur();
  await expect(page.getByText('Phone number is not valid')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(
    page.getByText(
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    ),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password').fill('Different#1a');
  await page.getByLabel('Confirm Password').blur();
  await expect(page.getByText('Passwords must match')).toBeVisible();

  // Untouched fields stay quiet…
  await expect(page.getByText('Registration number is required')).toHaveCount(0);
  await expect(page.getByText('Responsible person name is required')).toHaveCount(0);
  // …until the form is sent.
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration number is required')).toBeVisible();
  await expect(page.getByText('Responsible person name is required')).toBeVisible();
  await expect(page).toHaveURL(/\/register\/company$/);

  await page.goto('/register/individual');
  await page.getByLabel('Full Name').fill('Al');
  await page.getByLabel('Full Name').blur();
  await expect(page.getByText('Full name must be at least 3 characters')).toBeVisible();
  await page.getByLabel('Full Name').fill('A name much longer than twenty-five');
  await expect(page.getByText('Must be 25 characters or less')).toBeVisible();
});

test('login validates its fields and shows a refused login', async ({ page, pageErrors }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');

  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  await email.fill('not-an-email');
  await expect(page.getByText('Please enter a valid email')).toHaveCount(0);
  await email.blur();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await email.fill('');
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await password.fill('123');
  await password.blur();
  await expect(page.getByText('Password is too short')).toBeVisible();
  await password.fill('');
  await expect(page.getByText('Password is required')).toBeVisible();

  // The password toggle shows what was typed.
  await password.fill('Wrong#pass1');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await email.fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
  expect((await readSession(page)).token).toBeNull();
  await expectHandledHttpError(pageErrors, 401);
});

test('the admin lands on /admin and is kept out of the customer dashboard', async ({ page }) => {
  await logInAdminThroughForm(page);
  await expect(page).toHaveURL(/\/admin$/);
  expect(JSON.parse((await readSession(page)).user!)).toMatchObject({ role: 'ADMIN' });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await readSession(page)).toEqual({ token: null, user: null, id: null });
});

test('a customer opening the admin area lands on /unauthorized', async ({ page }) => {
  const email = uniqueEmail('curious');
  await registerCompanyThroughApi(page.request, email);
  await logInThroughForm(page, email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Already signed in: /login sends a customer back to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Admin privileges are required')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signed-out visitors are sent to /login by every guard', async ({ page }) => {
  for (const path of ['/dashboard', '/dashboard/orders', '/admin', '/new-order', '/orders/42']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.goto('/calculate-distance');
  await expect(page).toHaveURL(/\/login$/);
});

test('logout clears token, user and id and closes the dashboard', async ({ page }) => {
  const email = uniqueEmail('leaving');
  await registerCompanyThroughApi(page.request, email);
  await logInThroughForm(page, email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { token } = await readSession(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await readSession(page)).toEqual({ token: null, user: null, id: null });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  // The server revoked the token too.
  const profile = await page.request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(401);
});

test('a stale stored token is checked and sends the user to /login', async ({
  page,
  pageErrors,
}) => {
  await page.addInitScript(() => {
    // Seed once: the app reloads /login after clearing the session.
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    window.localStorage.setItem('token', 'stale');
    window.localStorage.setItem(
      'user',
      JSON.stringify({
        id: '00000000-0000-4000-8000-000000000000',
        email: 'gone@atlas.test',
        role: 'USER',
        userType: 'COMPANY',
        name: 'Gone SARL',
      }),
    );
    window.localStorage.setItem('id', '00000000-0000-4000-8000-000000000000');
  });
  let releaseProfile!: () => void;
  const profileHeld = new Promise<void>((resolve) => (releaseProfile = resolve));
  await page.route('**/api/auth/profile', async (route) => {
    await profileHeld;
    await route.continue();
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('status')).toHaveText('Loading...');
  releaseProfile();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back!!' })).toBeVisible();
  expect(await readSession(page)).toEqual({ token: null, user: null, id: null });
  await expectHandledHttpError(pageErrors, 401);
});

test('forgot password, mail, reset, then log in with the new password', async ({ page }) => {
  const alerts = collectAlerts(page);
  const email = uniqueEmail('forgetful');
  await registerCompanyThroughApi(page.request, email);
  const newPassword = 'Fresh@2026pass';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Password' }).click();

  await expect(page).toHaveURL(/\/check-email$/);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toMatch(/reset link has been sent/);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(`We sent a password reset link to ${email}.`)).toBeVisible();
  await expect(page.getByText('Email sent successfully')).toBeVisible();
  await expect(page.getByText('The link expires in 1 hour.')).toBeVisible();
  await expect(page.getByText(/spam/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  expect(await page.evaluate(() => window.localStorage.getItem('resetEmail'))).toBe(email);

  const mail = await waitForMail(email);
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  const token = link!.split('/').at(-1)!;
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('resetToken'))).toBe(token);

  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill('Fresh@2026pasS');
  await page.getByLabel('Confirm Password').blur();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page).toHaveURL(/\/reset-success$/);
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  expect(
    await page.evaluate(() => [
      window.localStorage.getItem('resetToken'),
      window.localStorage.getItem('resetEmail'),
    ]),
  ).toEqual([null, null]);
  await page.getByRole('link', { name: 'Back to Login' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('check-email without an address says "your email"', async ({ page }) => {
  await page.goto('/check-email');
  await expect(page.getByText('We sent a password reset link to your email.')).toBeVisible();
});

test('a reset page without a token offers a new link', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(
    page.getByText('Invalid reset link. Please request a new password reset.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Request New Reset Link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an unknown reset token is reported as expired or invalid', async ({ page, pageErrors }) => {
  await page.goto('/reset-password/not-a-real-token');
  await page.getByLabel('New Password').fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This reset link has expired or is invalid. Please request a new password reset.',
  );
  await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\/not-a-real-token$/);

  // Leaving the page forgets the token.
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('resetToken'))).toBeNull();
  await expectHandledHttpError(pageErrors, 400);
});
