import type { Topic } from './topic';

export const homeRepair: Topic = {
  id: 'home-repair',
  lang: 'en',
  phrases: [
    'home repair',
    'leaky faucet',
    'water heater maintenance',
    'drywall patching',
    'plumbing repairs',
    'DIY projects',
  ],
  items: [
    'a leaky faucet',
    'a running toilet',
    'a clogged drain',
    'a water heater flush',
    'a drywall patch',
    'squeaky hinges',
    'a garbage disposal',
    'caulking the tub',
    'a sump pump',
    'frozen pipes',
  ],
  itemNoun: ['repair', 'repairs'],
  adjectives: ['simple', 'cheap', 'quick', 'safe', 'messy', 'weekend'],
  audiences: ['homeowners', 'renters', 'first-time buyers', 'landlords'],
  intros: [
    'Most {topic} jobs need only a few tools and an hour.',
    'Before you call a pro, read this guide to {phrase}.',
    'We have fixed {phrase} problems in hundreds of homes.',
  ],
  facts: [
    'Shut off the water supply before any plumbing repair.',
    '{Item} is usually a worn washer or cartridge.',
    'Flush a tank water heater once a year to remove sediment.',
    'Call a licensed plumber for gas lines and main sewer problems.',
    'We see {item} and {item2} more than any other call.',
  ],
  headings: [
    'Tools you need',
    'Step-by-step fix',
    'When to call a pro',
    'Cost to expect',
    'Preventing it next time',
  ],
  titles: [
    'How to Fix {Item}',
    '{n} DIY Repairs Every Homeowner Should Know',
    '{Phrase}: A Beginner Guide',
    'When to Call a Plumber',
  ],
  questions: [
    {
      q: 'How much does a plumber charge?',
      a: 'Most call-outs cost between 100 and 300 dollars before parts.',
    },
    { q: 'Do you offer emergency service?', a: 'Yes, around the clock for leaks and burst pipes.' },
  ],
  steps: [
    'Turn off the water or power.',
    'Open the fixture carefully.',
    'Replace the worn part.',
    'Reassemble and tighten.',
    'Test for leaks.',
  ],
  places: ['Riverside', 'Springfield', 'Fairview'],
};
