import type { Topic } from './topic';

export const liveMusic: Topic = {
  id: 'live-music',
  label: 'Live music',
  lang: 'en',
  phrases: ['live music', 'concerts this weekend', 'music festivals', 'jazz nights', 'local bands'],
  items: [
    'The Midnight Owls',
    'Harbor Lights',
    'Velvet Static',
    'Cedar & Smoke',
    'The Low Tides',
    'Neon Prairie',
    'Saint Juniper',
    'The Paper Kites Trio',
  ],
  itemNoun: ['band', 'bands'],
  adjectives: ['loud', 'intimate', 'sold-out', 'free', 'all-ages', 'outdoor'],
  audiences: ['music fans', 'families', 'students', 'night owls'],
  intros: [
    'The city’s {topic} scene is busier than ever.',
    'Here is our pick of {phrase} this month.',
    'We go to {phrase} so you know which ones are worth it.',
  ],
  facts: [
    '{Item} play a tight set with a great encore.',
    'Doors open an hour before the first act.',
    'Bring earplugs; small rooms get loud.',
    '{Item} and {item2} share the bill on Saturday.',
    'Tickets are cheaper if you buy before the day of the show.',
  ],
  headings: ['Lineup', 'Tickets', 'Getting there', 'Venue tips', 'Past shows'],
  titles: [
    '{Item} Live at the Riverside Hall',
    '{n} Concerts Not to Miss This Month',
    'Guide to {Phrase}',
    '{Item} with {Item2}',
  ],
  questions: [
    { q: 'Are shows all ages?', a: 'Most weekend matinees are; evening shows are 21 and over.' },
  ],
  steps: [
    'Check the lineup.',
    'Buy tickets online.',
    'Arrive early for a good spot.',
    'Enjoy the show.',
  ],
  events: [
    'Summer Jazz Night',
    'Riverside Rock Festival',
    'Acoustic Sunday',
    'Indie Showcase',
    'Blues on the Pier',
  ],
  places: ['Nashville', 'Austin', 'Chicago'],
};
