import type { Topic } from './topic';

export const deHundefutter: Topic = {
  id: 'de-hundefutter',
  label: 'Hundefutter (Deutsch)',
  lang: 'de',
  phrases: [
    'Hundefutter',
    'Trockenfutter für Hunde',
    'Nassfutter',
    'getreidefreies Hundefutter',
    'Welpenfutter',
  ],
  items: [
    'Huhn mit Reis',
    'Lachs mit Kartoffel',
    'Lamm mit Gemüse',
    'Rind pur',
    'Ente mit Erbsen',
    'Pute mit Kürbis',
  ],
  itemNoun: ['Sorte', 'Sorten'],
  adjectives: ['ausgewogen', 'hochwertig', 'günstig', 'schonend', 'natürlich'],
  audiences: [
    'Welpenbesitzer',
    'Halter großer Hunde',
    'Halter älterer Hunde',
    'Halter von Allergiker-Hunden',
  ],
  intros: [
    'Das richtige {topic} ist die Grundlage für ein gesundes Hundeleben.',
    'In diesem Ratgeber zu {phrase} erklären wir Etiketten und Zutaten.',
  ],
  facts: [
    'Die erste Zutat sollte eine klar benannte Fleischsorte sein.',
    'Stellen Sie das Futter langsam über sieben bis zehn Tage um.',
    'Die Sorte {item} eignet sich gut für empfindliche Mägen.',
    'Welpen brauchen mehr Energie und Kalzium als erwachsene Hunde.',
    'Wir haben {item} und {item2} sechs Wochen lang getestet.',
    'Frisches Wasser ist genauso wichtig wie das Futter.',
  ],
  headings: [
    'Worauf Sie beim Kauf achten sollten',
    'Trockenfutter oder Nassfutter?',
    'Unsere Testsieger',
    'Futter richtig umstellen',
  ],
  titles: ['Hundefutter Test {year}: Die {n} besten Sorten', 'Ratgeber {phrase}', '{Item} im Test'],
  questions: [
    {
      q: 'Wie oft sollte ich meinen Hund füttern?',
      a: 'Erwachsene Hunde meist zweimal täglich, Welpen drei- bis viermal.',
    },
  ],
  steps: [
    'Etikett prüfen.',
    'Hund wiegen.',
    'Fütterungsempfehlung lesen.',
    'Futter langsam umstellen.',
    'Verträglichkeit beobachten.',
  ],
  places: ['Berlin', 'Hamburg', 'München'],
};
