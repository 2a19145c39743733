import type { Topic } from './topic';

export const frPerformanceWeb: Topic = {
  id: 'fr-performance-web',
  label: 'Performance web (français)',
  lang: 'fr',
  phrases: [
    'Core Web Vitals',
    'vitesse de chargement',
    'performance web',
    'optimisation des images',
  ],
  items: [
    'le LCP',
    'l’INP',
    'le CLS',
    'le lazy loading',
    'le CSS critique',
    'un CDN',
    'la compression Brotli',
    'le cache serveur',
  ],
  itemNoun: ['technique', 'techniques'],
  adjectives: ['rapide', 'mesurable', 'simple', 'efficace', 'léger'],
  audiences: ['développeurs', 'équipes SEO', 'e-commerçants', 'agences'],
  intros: [
    'Les {topic} sont les indicateurs de Google pour l’expérience utilisateur.',
    'Cet article sur {phrase} explique les Core Web Vitals sans jargon.',
    'Nous auditons chaque mois des dizaines de sites pour leurs Core Web Vitals.',
  ],
  facts: [
    'Un bon LCP reste sous 2,5 secondes pour 75 % des visites.',
    'L’INP a remplacé le FID en mars 2024.',
    'Les images sans dimensions provoquent des décalages de mise en page.',
    '{Item} a fait gagner près d’une seconde à un de nos clients.',
    'Associez {item} et {item2} pour de meilleurs résultats sur mobile.',
    'Les scripts bloquants dans l’en-tête retardent le premier affichage.',
  ],
  headings: [
    'Comprendre les Core Web Vitals',
    'Améliorer {item}',
    'Données de laboratoire et données réelles',
    'Notre méthode',
  ],
  titles: [
    'Core Web Vitals : le guide {year}',
    'Comment améliorer {item}',
    '{n} conseils pour la {phrase}',
  ],
  questions: [{ q: 'Quels sont les trois Core Web Vitals ?', a: 'Le LCP, l’INP et le CLS.' }],
  steps: [
    'Mesurez la page cinq fois.',
    'Repérez l’élément LCP.',
    'Compressez les images.',
    'Différez les scripts.',
    'Vérifiez les données réelles.',
  ],
  places: ['Paris', 'Lyon', 'Nantes'],
};
