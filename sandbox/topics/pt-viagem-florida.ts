import type { Topic } from './topic';

export const ptViagemFlorida: Topic = {
  id: 'pt-viagem-florida',
  label: 'Viagem à Flórida (português)',
  lang: 'pt',
  phrases: [
    'cidades da Flórida',
    'viagem para a Flórida',
    'praias da Flórida',
    'roteiro na Flórida',
  ],
  items: ['Miami', 'Orlando', 'Tampa', 'Key West', 'Fort Lauderdale', 'Clearwater', 'Naples'],
  itemNoun: ['cidade', 'cidades'],
  adjectives: ['ensolarada', 'tranquila', 'animada', 'histórica', 'charmosa'],
  audiences: ['famílias', 'casais', 'brasileiros em viagem', 'aposentados'],
  intros: [
    'As {topic} oferecem praias, parques e muita comida boa.',
    'Este guia de {phrase} reúne dicas de várias viagens.',
  ],
  facts: [
    '{Item} é uma das cidades mais visitadas da Flórida.',
    'A temporada de furacões vai de junho a novembro.',
    'Alugar um carro é a melhor forma de conhecer várias cidades.',
    'De {item} até {item2} são algumas horas de estrada.',
    'O inverno é alta temporada no sul da Flórida.',
  ],
  headings: ['Por que visitar {item}', 'Quando ir', 'Onde ficar', 'Como se locomover'],
  titles: [
    'As {n} melhores cidades da Flórida',
    'O que fazer em {item}',
    'Roteiro de {n} dias pela Flórida',
  ],
  questions: [{ q: 'Qual é a capital da Flórida?', a: 'Tallahassee, no noroeste do estado.' }],
  steps: [
    'Escolha a costa.',
    'Reserve o hotel com antecedência.',
    'Alugue um carro.',
    'Confira a previsão do tempo.',
  ],
};
