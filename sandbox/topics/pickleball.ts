import type { Topic } from './topic';

/**
 * The cluster whose pages are published and updated on a schedule (schedule.ts): its
 * searches are the ones whose rankings move from day to day. Its words are its own, so
 * that no other cluster's search finds its pages.
 */
export const pickleball: Topic = {
  id: 'pickleball',
  label: 'Pickleball',
  lang: 'en',
  phrases: [
    'pickleball paddles',
    'pickleball rules',
    'pickleball courts',
    'pickleball lessons',
    'pickleball tournaments',
  ],
  items: [
    'the Volley Pro paddle',
    'the Kitchen King paddle',
    'a graphite paddle',
    'a composite paddle',
    'an outdoor pickleball',
    'an indoor pickleball',
    'the Dinkmaster paddle',
  ],
  itemNoun: ['paddle', 'paddles'],
  adjectives: ['lightweight', 'grippy', 'balanced', 'beginner-friendly', 'tournament-ready'],
  audiences: ['beginners', 'doubles partners', 'club players', 'retirees'],
  intros: [
    'Everything you need to know about {topic}, updated as the season goes on.',
    'New to {phrase}? Start with the basics here.',
    'We play every week and keep this page on {phrase} current.',
  ],
  facts: [
    '{Item} weighs about eight ounces.',
    'The kitchen is the seven-foot zone on each side of the net.',
    'A pickleball serve is hit underhand, below the waist.',
    'We prefer {item} over {item2} for dinking at the kitchen line.',
    'Pickleball courts are 20 by 44 feet, the size of a badminton court.',
  ],
  headings: ['Our picks', 'Dinks and drops', 'At the kitchen line', 'Scoring', 'Where to play'],
  titles: [
    'Best Pickleball Paddles for {Audience}',
    '{Item} Review',
    'Pickleball Rules Every Beginner Should Know',
    '{n} Pickleball Courts Near {Place}',
    'Pickleball Lessons: {n} Drills That Work',
  ],
  questions: [
    {
      q: 'How heavy should a pickleball paddle be?',
      a: 'Most players like seven to eight ounces.',
    },
    { q: 'Can you volley in the kitchen?', a: 'No: a volley must be hit from behind the line.' },
  ],
  steps: [
    'Pick a paddle you can hold comfortably.',
    'Learn the two-bounce rule.',
    'Practice dinks at the kitchen line.',
    'Join an open play session.',
  ],
  products: {
    brands: ['Volley Pro', 'Dinkmaster', 'Kitchen King'],
    kinds: ['Paddle', 'Paddle Set'],
    naming: 'brand-kind',
  },
  events: ['Spring Pickleball Open', 'Doubles Ladder Night', 'Pickleball Tournament Weekend'],
  venues: ['Pickleball Club', 'Racquet Center'],
  places: ['Tucson', 'Spokane', 'Flagstaff'],
  slots: { place: ['Tucson', 'Spokane', 'Flagstaff'] },
};
