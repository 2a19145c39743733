import type { Topic } from './topic';

export const photography: Topic = {
  id: 'photography',
  label: 'Photography',
  lang: 'en',
  phrases: [
    'photography tips',
    'portrait photography',
    'landscape photography',
    'camera settings',
    'photo editing',
  ],
  items: [
    'aperture priority',
    'the rule of thirds',
    'golden hour light',
    'a 50mm lens',
    'a polarizing filter',
    'manual focus',
    'a tripod',
    'RAW files',
    'white balance',
    'long exposure',
  ],
  itemNoun: ['technique', 'techniques'],
  adjectives: ['sharp', 'moody', 'natural', 'cinematic', 'simple', 'creative'],
  audiences: ['beginners', 'smartphone shooters', 'travel photographers', 'parents'],
  intros: [
    'Better {topic} is more about light than about gear.',
    'These {phrase} come from years of teaching beginners.',
    'Here is what we wish we had known about {phrase}.',
  ],
  facts: [
    'A wider aperture blurs the background and lets in more light.',
    '{Item} is the quickest way to improve your photos.',
    'Shoot in RAW to keep more detail for editing.',
    'Golden hour is the hour after sunrise and before sunset.',
    'Combine {item} with {item2} for landscapes.',
  ],
  headings: [
    'Why {item} matters',
    'Settings to start with',
    'Common mistakes',
    'Practice exercises',
    'Editing the result',
  ],
  titles: [
    '{n} Photography Tips for {Audience}',
    'Mastering {Item}',
    'A Guide to {Phrase}',
    '{Item} Explained',
  ],
  questions: [
    {
      q: 'Do I need an expensive camera?',
      a: 'No. Light, composition and practice matter far more.',
    },
  ],
  steps: [
    'Set the camera to aperture priority.',
    'Choose the lowest ISO the light allows.',
    'Focus on the eyes.',
    'Take several frames.',
    'Review the histogram.',
  ],
  events: ['Photo Walk', 'Portrait Workshop'],
};
