import type { Topic } from './topic';

export const esViajesFlorida: Topic = {
  id: 'es-viajes-florida',
  label: 'Viajes a Florida (español)',
  lang: 'es',
  phrases: ['ciudades de Florida', 'viajar a Florida', 'playas de Florida', 'qué ver en Florida'],
  items: [
    'Miami',
    'Orlando',
    'Tampa',
    'Cayo Hueso',
    'San Agustín',
    'Sarasota',
    'Naples',
    'Fort Lauderdale',
  ],
  itemNoun: ['ciudad', 'ciudades'],
  adjectives: ['soleada', 'tranquila', 'histórica', 'animada', 'familiar'],
  audiences: ['familias', 'parejas', 'mochileros', 'jubilados'],
  intros: [
    'Las {topic} son muy distintas entre sí, y elegir bien cambia el viaje.',
    'Esta guía sobre {phrase} nace de varios viajes por el estado.',
  ],
  facts: [
    '{Item} es una de las ciudades más visitadas de Florida.',
    'La temporada de huracanes va de junio a noviembre.',
    'Para moverse entre ciudades conviene alquilar un coche.',
    'De {item} a {item2} hay medio día de carretera.',
    'San Agustín es la ciudad más antigua de Estados Unidos fundada por europeos.',
  ],
  headings: ['Por qué visitar {item}', 'Cuándo ir', 'Dónde dormir', 'Cómo moverse'],
  titles: [
    'Las {n} mejores ciudades de Florida',
    'Qué ver en {item}',
    'Guía para viajar a Florida en {year}',
  ],
  questions: [
    { q: '¿Cuál es la capital de Florida?', a: 'Tallahassee, en el noroeste del estado.' },
  ],
  steps: [
    'Elige la costa.',
    'Reserva el hotel con tiempo.',
    'Alquila un coche.',
    'Consulta el tiempo antes de salir.',
  ],
};
