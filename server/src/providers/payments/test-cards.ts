/**
 * The card provider's public test numbers and what they do, so the local processor
 * behaves like Stripe's test mode.
 */
export interface TestCardOutcome {
  /** 'succeed', 'fail_later' (attaches, later charges fail) or a decline code. */
  outcome: string;
  message?: string;
}

export const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  unknown_test_card:
    'Your card was declined. This is the local test processor: use a test card such as 4242 4242 4242 4242.',
} as const;

const CARDS: Record<string, TestCardOutcome> = {
  '4242424242424242': { outcome: 'succeed' },
  '5555555555554444': { outcome: 'succeed' },
  '4000000000000002': { outcome: 'card_declined', message: DECLINE_MESSAGES.card_declined },
  '4000000000009995': {
    outcome: 'insufficient_funds',
    message: DECLINE_MESSAGES.insufficient_funds,
  },
  '4000000000000069': { outcome: 'expired_card', message: DECLINE_MESSAGES.expired_card },
  '4000000000000127': { outcome: 'incorrect_cvc', message: DECLINE_MESSAGES.incorrect_cvc },
  '4000000000000119': { outcome: 'processing_error', message: DECLINE_MESSAGES.processing_error },
  '4000000000000341': { outcome: 'fail_later', message: DECLINE_MESSAGES.card_declined },
};

export function testCardOutcome(number: string): TestCardOutcome {
  return (
    CARDS[number] ?? { outcome: 'unknown_test_card', message: DECLINE_MESSAGES.unknown_test_card }
  );
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}
