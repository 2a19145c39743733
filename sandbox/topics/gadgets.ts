import type { Topic } from './topic';

export const gadgets: Topic = {
  id: 'gadgets',
  label: 'Gadgets',
  lang: 'en',
  phrases: [
    'tech reviews',
    'wireless earbuds',
    'smart home devices',
    'budget laptops',
    'phone cases',
    'mechanical keyboards',
  ],
  items: [
    'the Auris Pro earbuds',
    'the Nimbus 14 laptop',
    'the Lumo smart bulb',
    'the Keystone 75 keyboard',
    'the Pulse smartwatch',
    'the Beacon doorbell camera',
    'the Volt power bank',
    'the Orbit robot vacuum',
  ],
  itemNoun: ['gadget', 'gadgets'],
  adjectives: ['fast', 'sleek', 'affordable', 'well-built', 'reliable', 'overpriced'],
  audiences: ['students', 'remote workers', 'gamers', 'commuters'],
  intros: [
    'Our {topic} are based on weeks of daily use.',
    'Shopping for {phrase}? Start here.',
    'We test {phrase} so you do not have to.',
  ],
  facts: [
    '{Item} lasted nearly two days on a charge in our battery test.',
    'Build quality is excellent for the price.',
    'Software updates are promised for four years.',
    'We prefer {item} over {item2} for most people.',
  ],
  headings: ['Design', 'Performance', 'Battery life', 'Should you buy it?', 'Alternatives'],
  titles: [
    '{Item} Review',
    'Best {Phrase} of {Year}',
    '{Item} vs {Item2}',
    '{n} Gadgets for {Audience}',
  ],
  questions: [{ q: 'Is {item} worth it?', a: 'For most people, yes, especially on sale.' }],
  steps: [
    'Unbox and charge.',
    'Install the companion app.',
    'Update the firmware.',
    'Pair with your phone.',
  ],
  products: { brands: ['Auris', 'Nimbus', 'Lumo', 'Keystone'], kinds: [], naming: 'item' },
};
