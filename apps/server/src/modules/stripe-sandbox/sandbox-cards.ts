import type { FormObject } from './form-body.ts';
import { formString } from './form-body.ts';

export type CardError = { code: string; message: string; declineCode?: string; param?: string };
export type CardOutcome =
  | { ok: true; brand: string; last4: string; expMonth: number; expYear: number; funding: 'credit' }
  | { ok: false; error: CardError };

/** Stripe's test cards (DESIGN.md §8). Any other valid number is refused as in Stripe's test mode. */
const TEST_CARDS: Record<string, { brand: string } | { decline: string; message: string }> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '4000000000000002': { decline: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { decline: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { decline: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { decline: 'expired_card', message: 'Your card has expired.' },
};

const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** Checks a card as Stripe's test mode would, with Stripe's codes and messages. */
export const checkCard = (card: FormObject, now: Date): CardOutcome => {
  const number = (formString(card.number) ?? '').replace(/[\s-]/g, '');
  const expMonth = Number(formString(card.exp_month));
  let expYear = Number(formString(card.exp_year));
  if (expYear < 100) expYear += 2000;
  const cvc = formString(card.cvc) ?? '';
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    return { ok: false, error: { code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' } };
  }
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    return { ok: false, error: { code: 'invalid_expiry_month', param: 'exp_month', message: "Your card's expiration month is invalid." } };
  }
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!Number.isInteger(expYear) || expYear * 12 + (expMonth - 1) < thisMonth) {
    return { ok: false, error: { code: 'invalid_expiry_year', param: 'exp_year', message: "Your card's expiration date is in the past." } };
  }
  if (!/^\d{3,4}$/.test(cvc)) {
    return { ok: false, error: { code: 'invalid_cvc', param: 'cvc', message: "Your card's security code is invalid." } };
  }
  const known = TEST_CARDS[number];
  if (!known) {
    return {
      ok: false,
      error: {
        code: 'card_declined',
        declineCode: 'test_mode_live_card',
        message:
          'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      },
    };
  }
  if ('decline' in known) return { ok: false, error: { code: 'card_declined', declineCode: known.decline, message: known.message } };
  return { ok: true, brand: known.brand, last4: number.slice(-4), expMonth, expYear, funding: 'credit' };
};
