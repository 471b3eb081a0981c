import { expect, test } from '@playwright/test'

import { DEMO_PASSWORD, demoUser, openUserMenu, signIn, submitLogin } from './support/fixtures'

test.describe('login', () => {
  test('signs in with the demo admin and shows the e-mail and organization on the dashboard', async ({ page }) => {
    await signIn(page, 'admin')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.locator('.welcome')).toContainText('admin@demo.example.com')
    await expect(page.locator('.welcome')).toContainText('Demo Advisory Group')
  })

  test('signs in with the e-mail address as well as the username', async ({ page }) => {
    await page.goto('/login')
    await submitLogin(page, demoUser('analyst').email.toUpperCase(), DEMO_PASSWORD)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.locator('.welcome')).toContainText('analyst@demo.example.com')
  })

  test('asks for both fields when one is empty', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password')
    await expect(page.getByLabel('Username or Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-describedby', 'login-error')

    await page.getByLabel('Username or Email').fill('admin')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Please enter both username and password')
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(/\/login/)
  })

  test('says the username or password is wrong', async ({ page }, testInfo) => {
    await page.goto('/login')
    await submitLogin(page, `nobody-${testInfo.project.name}`, 'wrong password')
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
  })

  test('refuses further attempts once a username has failed too often', async ({ page }, testInfo) => {
    const username = `locked-${testInfo.project.name}`
    await page.goto('/login')
    for (let attempt = 0; attempt < 5; attempt++) {
      await submitLogin(page, username, 'wrong password')
      await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
    }
    await submitLogin(page, username, 'wrong password')
    await expect(page.getByRole('alert')).toHaveText(
      'Login failed: Too many failed sign-in attempts. Please try again in 15 minutes.',
    )
  })

  test('returns to the page the visitor came from after signing in', async ({ page }) => {
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/)
    await submitLogin(page, 'admin', DEMO_PASSWORD)
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo Advisory Group')
  })

  test('sends a signed-in visitor of /login on to the dashboard or to redirectTo', async ({ page }) => {
    await signIn(page, 'member')
    await page.goto('/login')
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/login?redirectTo=%2Funauthorized')
    await expect(page).toHaveURL(/\/unauthorized$/)
    await page.goto('/login?redirectTo=https%3A%2F%2Fevil.example%2F')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('signs in with the keyboard only', async ({ page }) => {
    await page.goto('/login')
    const username = page.getByLabel('Username or Email')
    for (
      let presses = 0;
      presses < 10 && !(await username.evaluate((el) => el === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab')
    }
    await expect(username).toBeFocused()
    await page.keyboard.type('admin')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Password')).toBeFocused()
    await page.keyboard.type(DEMO_PASSWORD)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('shows the help panel and legal links, and no Google sign-in on an install without one', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0)
    await expect(page.getByText('OR', { exact: true })).toHaveCount(0)
    await expect(page.getByText('Google login is not properly configured. Please contact support.')).toHaveCount(0)
    await page.getByRole('link', { name: 'Having trouble signing in?' }).click()
    await expect(page.getByText('Clear your browser cache and cookies, then try again.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'support@exitplanner.example' })).toBeVisible()
    await page.getByRole('link', { name: 'Terms of Service' }).click()
    await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible()
    await page.goto('/login')
    await page.getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible()
  })

  test('signs out with the Logout button and protects pages afterwards', async ({ page }) => {
    await signIn(page, 'analyst')
    await openUserMenu(page, 'analyst@demo.example.com')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('status')).toContainText('You have been signed out.')
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
  })
})
