import type { Page } from '@playwright/test';

export const DEMO_OWNER = { email: 'demo@plansmith.test', password: 'plansmith-demo-2026' };
export const DEMO_MEMBER = { email: 'member@plansmith.test', password: 'plansmith-demo-2026' };

/** The sign-in screen, in the words a person would use. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
  }

  email() {
    return this.page.getByLabel('Email');
  }

  password() {
    return this.page.getByLabel('Password');
  }

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  /** Opens /login and signs in, then waits for the signed-in shell. */
  async signInAs(user: { email: string; password: string }) {
    await this.open();
    await this.signIn(user.email, user.password);
    await this.page.getByRole('navigation', { name: 'Main' }).waitFor();
  }
}
