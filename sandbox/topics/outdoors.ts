import type { Topic } from './topic';

export const outdoors: Topic = {
  id: 'outdoors',
  label: 'Hiking and camping',
  lang: 'en',
  phrases: [
    'hiking trails',
    'camping gear',
    'trail running',
    'backpacking checklist',
    'running shoes',
    'day hikes',
  ],
  items: [
    'a lightweight tent',
    'trail running shoes',
    'a down sleeping bag',
    'trekking poles',
    'a water filter',
    'a headlamp',
    'a 30-liter daypack',
    'merino base layers',
    'a camp stove',
    'rain shell',
  ],
  itemNoun: ['piece of gear', 'pieces of gear'],
  adjectives: ['lightweight', 'waterproof', 'packable', 'durable', 'breathable', 'comfortable'],
  audiences: ['weekend hikers', 'new runners', 'families', 'thru-hikers'],
  intros: [
    'Great {topic} start with the right plan and the right gear.',
    'We tested {phrase} on real trails, in real weather.',
    'This guide to {phrase} comes from years of miles on foot.',
  ],
  facts: [
    'Tell someone your route and your expected return time.',
    'Cotton stays wet; wool and synthetics keep you warmer when damp.',
    '{Item} earned its place in our pack after a rainy week.',
    'Break in new shoes on short runs before a long race.',
    'Carry more water than you think you need on exposed trails.',
    'We compared {item} with {item2} over three hundred miles.',
  ],
  headings: ['What to pack', 'Trail conditions', 'Gear we trust', 'Safety first', 'Our verdict'],
  titles: [
    '{n} Best Day Hikes Near {Place}',
    '{Item} Review',
    'The Only {Phrase} You Need',
    'Best Gear for {Audience}',
  ],
  questions: [
    {
      q: 'How much water should I carry?',
      a: 'About half a liter per hour of moderate hiking, more in heat.',
    },
  ],
  steps: [
    'Check the weather.',
    'Pack the ten essentials.',
    'Share your route.',
    'Start early.',
    'Turn back if conditions change.',
  ],
  slots: { place: ['Denver', 'Seattle', 'Asheville', 'Salt Lake City', 'Bend'] },
  products: {
    brands: ['Ridgeway', 'Alpine Thread', 'Basecamp Supply'],
    kinds: ['Pro', 'Ultralight', 'Trail Edition'],
  },
  events: ['Trail Cleanup Day', 'Sunrise Hike', '10K Trail Race'],
};
