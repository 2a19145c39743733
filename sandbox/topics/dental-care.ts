import type { Topic } from './topic';

export const dentalCare: Topic = {
  id: 'dental-care',
  label: 'Dental care',
  lang: 'en',
  phrases: ['dental care', 'teeth whitening', 'dental implants', 'family dentist', 'gum health'],
  items: [
    'a cleaning',
    'teeth whitening',
    'a crown',
    'clear aligners',
    'a dental implant',
    'a filling',
    'a root canal',
  ],
  itemNoun: ['treatment', 'treatments'],
  adjectives: ['gentle', 'painless', 'modern', 'affordable', 'quick'],
  audiences: ['families', 'nervous patients', 'children', 'seniors'],
  intros: [
    'Healthy teeth start with regular {topic}.',
    'Our team offers {phrase} in a calm, friendly office.',
    'Here is what to expect from {phrase}.',
  ],
  facts: [
    'Most patients need a checkup and cleaning every six months.',
    '{Item} usually takes less than an hour.',
    'Brush twice a day for two minutes with fluoride toothpaste.',
    'We accept most insurance plans.',
  ],
  headings: ['What to expect', 'Cost and insurance', 'Aftercare', 'Meet the team'],
  titles: ['{Item} in Fairview', 'What to Expect From {Item}', 'Family Dentistry for {Audience}'],
  questions: [
    { q: 'Do you take new patients?', a: 'Yes, we welcome new patients of all ages.' },
    { q: 'Is {item} painful?', a: 'Most patients feel only mild pressure.' },
  ],
  steps: [
    'Book online or call.',
    'Fill in the health form.',
    'Meet your dentist.',
    'Plan the treatment together.',
  ],
  places: ['Fairview'],
};
