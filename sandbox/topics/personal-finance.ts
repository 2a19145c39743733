import type { Topic } from './topic';

export const personalFinance: Topic = {
  id: 'personal-finance',
  label: 'Personal finance',
  lang: 'en',
  phrases: [
    'budgeting',
    'emergency fund',
    'paying off debt',
    'saving money',
    'retirement accounts',
    'credit scores',
  ],
  items: [
    'the 50/30/20 rule',
    'a high-yield savings account',
    'the debt snowball',
    'a Roth IRA',
    'automatic transfers',
    'a zero-based budget',
    'a 401(k) match',
    'sinking funds',
  ],
  itemNoun: ['strategy', 'strategies'],
  adjectives: ['simple', 'realistic', 'flexible', 'low-cost', 'automatic'],
  audiences: ['young professionals', 'families', 'freelancers', 'recent graduates'],
  intros: [
    'Good {topic} habits matter more than income.',
    'This guide to {phrase} is written for real budgets.',
    'We answer reader questions about {phrase} every week.',
  ],
  facts: [
    'Aim for three to six months of expenses in an emergency fund.',
    '{Item} works best when it runs on autopilot.',
    'Pay the card with the highest interest rate first to save the most money.',
    'A 401(k) match is free money; contribute at least enough to get it.',
    'Compare {item} with {item2} before you decide.',
  ],
  headings: [
    'How {item} works',
    'Getting started',
    'Mistakes to avoid',
    'Tools we like',
    'A sample budget',
  ],
  titles: [
    '{Item} Explained',
    '{n} Ways to Start Saving Money',
    'A Beginner’s Guide to {Phrase}',
    '{Phrase} for {Audience}',
  ],
  questions: [
    {
      q: 'How big should an emergency fund be?',
      a: 'Three to six months of essential expenses is the usual target.',
    },
  ],
  steps: [
    'List your monthly income.',
    'Track every expense for a month.',
    'Set savings goals.',
    'Automate transfers on payday.',
    'Review the budget monthly.',
  ],
};
