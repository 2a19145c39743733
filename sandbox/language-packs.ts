import type { Lang } from './topics/topic';

/** Words a site writes around its content: navigation, labels, boilerplate and generic prose. */
export interface LanguagePack {
  /** Sentences that fit any topic; slots as in `Topic`. */
  generic: readonly string[];
  /** Headings that fit any topic. */
  headings: readonly string[];
  /** About-page sentences; `{site}` and `{topic}` are filled in. */
  about: readonly string[];
  authors: readonly string[];
  ui: {
    home: string;
    about: string;
    contact: string;
    articles: string;
    faq: string;
    shop: string;
    events: string;
    videos: string;
    faqTitle: string;
    aboutTitle: string;
    contactTitle: string;
    contactIntro: string;
    address: string;
    phone: string;
    hours: string;
    hoursValue: string;
    email: string;
    rights: string;
    newsletter: string;
    newsletterText: string;
    related: string;
    readMore: string;
    by: string;
    updated: string;
    notFoundTitle: string;
    notFoundText: string;
    goneTitle: string;
    goneText: string;
    serverErrorTitle: string;
    serverErrorText: string;
    backHome: string;
    cookie: string;
    noscript: string;
    mobileMenu: string;
    ingredients: string;
    instructions: string;
    steps: string;
    whatYouNeed: string;
    serves: string;
    price: string;
    addToCart: string;
    inStock: string;
    outOfStock: string;
    description: string;
    reviews: string;
    details: string;
    date: string;
    venue: string;
    tickets: string;
    transcript: string;
    pageOf: string;
    next: string;
    previous: string;
    rating: string;
    verdict: string;
  };
}

const en: LanguagePack = {
  generic: [
    '{Phrase} has changed a lot since {year}, and most of those changes favor {audience}.',
    'If you are new to {topic}, start with {item} and work your way toward {item2}.',
    'We tested {n} options over several weeks, and {item} came out ahead on almost every measure.',
    'The short answer is that {item} is {adj}, while {item2} is {adj2} but harder to find.',
    'Many {audience} ask us whether {phrase} is worth the extra effort.',
    'In our experience, the difference comes down to consistency rather than price.',
    'About {pct} percent of readers who wrote in last year said {item} was their first choice.',
    'Keep notes as you go, because small details about {phrase} are easy to forget.',
    'There is no single right answer, but there are a few mistakes worth avoiding.',
    '{Item} is a good example: it is {adj}, familiar and easy to recommend.',
    'Our team at {site} has covered {topic} for years, and this question still comes up every week.',
    'That said, {item2} deserves a closer look if you care about {adj} results.',
    'Budget matters too, so we list a cheaper alternative next to every pick.',
    'Compare at least {n} options before you decide, and read the fine print.',
    'Seasonal changes can affect {phrase} more than most people expect.',
    'A quick checklist helps: define the goal, pick one change, measure it and repeat.',
    'For {audience}, the most useful habit is to review {phrase} once a month.',
    'Local experts we spoke with mentioned {item} again and again.',
    'It is easy to overthink {phrase}; the basics cover most situations.',
    'We update this page whenever something important changes, most recently in {year}.',
    'Some readers prefer {item}, others swear by {item2}, and both camps have a point.',
    'The numbers below come from our own notes, not from a press release.',
    'When in doubt, choose the {adj} option and revisit the decision later.',
    'Below you will find what worked for us, what did not, and why.',
    'Think of {phrase} as a long game: small, steady improvements add up.',
    'Prices and availability vary by region, so check before you commit.',
    'One reader summed it up well: {item} is the safe bet, {item2} is the fun one.',
    'We also looked at {item} versus {item2} side by side, and the results surprised us.',
  ],
  headings: [
    'Where to start',
    'Common mistakes',
    'Our verdict',
    'Tips for {audience}',
    'Final thoughts',
    'What we learned',
    'Before you begin',
    'The bottom line',
  ],
  about: [
    '{Site} started as a small project by people who care about {topic}.',
    'Today we publish guides, reviews and news for readers around the world.',
    'Every recommendation on this site is tested by our own team.',
    'We never accept payment for positive coverage.',
    'Write to us with questions, corrections or ideas for new articles.',
  ],
  authors: [
    'Maya Chen',
    'Daniel Brooks',
    'Priya Natarajan',
    'Sam Ortega',
    'Hannah Weiss',
    'Luis Romero',
    'Grace Okafor',
    'Tom Lindqvist',
  ],
  ui: {
    home: 'Home',
    about: 'About',
    contact: 'Contact',
    articles: 'Articles',
    faq: 'FAQ',
    shop: 'Shop',
    events: 'Events',
    videos: 'Videos',
    faqTitle: 'Frequently asked questions',
    aboutTitle: 'About',
    contactTitle: 'Contact us',
    contactIntro: 'We answer every message within two working days.',
    address: 'Address',
    phone: 'Phone',
    hours: 'Opening hours',
    hoursValue: 'Monday to Saturday, 9 am to 6 pm',
    email: 'Email',
    rights: 'All rights reserved.',
    newsletter: 'Newsletter',
    newsletterText: 'Get our best articles once a week. No spam, unsubscribe any time.',
    related: 'Related articles',
    readMore: 'Read more',
    by: 'By',
    updated: 'Updated',
    notFoundTitle: 'Page not found',
    notFoundText:
      'Sorry, the page you were looking for does not exist. It may have moved, or the link may be wrong.',
    goneTitle: 'This page has been removed',
    goneText: 'The item you are looking for is no longer available.',
    serverErrorTitle: 'Something went wrong',
    serverErrorText: 'The server could not show this page. Please try again later.',
    backHome: 'Back to the home page',
    cookie:
      'We use cookies to improve your experience. By using this site you accept our cookie policy.',
    noscript: 'Please enable JavaScript to see comments and the newsletter form.',
    mobileMenu: 'Menu Search Sign in Subscribe',
    ingredients: 'Ingredients',
    instructions: 'Instructions',
    steps: 'Steps',
    whatYouNeed: 'What you need',
    serves: 'Serves',
    price: 'Price',
    addToCart: 'Add to cart',
    inStock: 'In stock',
    outOfStock: 'Out of stock',
    description: 'Description',
    reviews: 'Customer reviews',
    details: 'Details',
    date: 'Date',
    venue: 'Venue',
    tickets: 'Tickets',
    transcript: 'Transcript',
    pageOf: 'Page {page} of {total}',
    next: 'Next page',
    previous: 'Previous page',
    rating: 'Rating',
    verdict: 'Verdict',
  },
};

const es: LanguagePack = {
  generic: [
    'Si es la primera vez que pruebas {topic}, empieza por {item} y después prueba {item2}.',
    'Hemos comparado {n} opciones durante varias semanas y {item} fue la favorita.',
    'Muchos {audience} nos preguntan si {phrase} merece la pena.',
    'En nuestra experiencia, la constancia importa más que el precio.',
    'Cerca del {pct} por ciento de los lectores eligió {item} el año pasado.',
    'No hay una única respuesta correcta, pero sí algunos errores que conviene evitar.',
    'El equipo de {site} escribe sobre {topic} desde hace años.',
    'Actualizamos esta página cada vez que algo cambia; la última vez fue en {year}.',
    'Algunos prefieren {item}, otros {item2}, y los dos tienen razón.',
    'Los precios cambian según la temporada, así que conviene consultar antes.',
    'A continuación encontrarás lo que nos funcionó y lo que no.',
    'Para {audience}, lo más útil es empezar poco a poco.',
  ],
  headings: ['Por dónde empezar', 'Errores comunes', 'Nuestra opinión', 'Consejos para {audience}'],
  about: [
    '{Site} nació como un pequeño proyecto dedicado a {topic}.',
    'Hoy publicamos guías y reseñas para lectores de todo el mundo.',
    'Probamos todo lo que recomendamos.',
    'Escríbenos con tus preguntas o sugerencias.',
  ],
  authors: ['Lucía Fernández', 'Javier Moreno', 'Carmen Ruiz', 'Pablo Navarro'],
  ui: {
    home: 'Inicio',
    about: 'Quiénes somos',
    contact: 'Contacto',
    articles: 'Artículos',
    faq: 'Preguntas',
    shop: 'Tienda',
    events: 'Eventos',
    videos: 'Vídeos',
    faqTitle: 'Preguntas frecuentes',
    aboutTitle: 'Sobre',
    contactTitle: 'Contacto',
    contactIntro: 'Respondemos a todos los mensajes en dos días laborables.',
    address: 'Dirección',
    phone: 'Teléfono',
    hours: 'Horario',
    hoursValue: 'De lunes a sábado, de 10 a 21 h',
    email: 'Correo',
    rights: 'Todos los derechos reservados.',
    newsletter: 'Boletín',
    newsletterText: 'Recibe nuestros mejores artículos una vez por semana.',
    related: 'Artículos relacionados',
    readMore: 'Leer más',
    by: 'Por',
    updated: 'Actualizado',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'Lo sentimos, la página que buscas no existe o ha cambiado de dirección.',
    goneTitle: 'Esta página ya no existe',
    goneText: 'El artículo que buscas ya no está disponible.',
    serverErrorTitle: 'Algo salió mal',
    serverErrorText: 'El servidor no pudo mostrar esta página. Inténtalo más tarde.',
    backHome: 'Volver al inicio',
    cookie: 'Usamos cookies para mejorar tu experiencia.',
    noscript: 'Activa JavaScript para ver los comentarios.',
    mobileMenu: 'Menú Buscar Entrar',
    ingredients: 'Ingredientes',
    instructions: 'Preparación',
    steps: 'Pasos',
    whatYouNeed: 'Qué necesitas',
    serves: 'Raciones',
    price: 'Precio',
    addToCart: 'Añadir al carrito',
    inStock: 'Disponible',
    outOfStock: 'Agotado',
    description: 'Descripción',
    reviews: 'Opiniones',
    details: 'Detalles',
    date: 'Fecha',
    venue: 'Lugar',
    tickets: 'Entradas',
    transcript: 'Transcripción',
    pageOf: 'Página {page} de {total}',
    next: 'Página siguiente',
    previous: 'Página anterior',
    rating: 'Valoración',
    verdict: 'Veredicto',
  },
};

const fr: LanguagePack = {
  generic: [
    'Si vous débutez avec {topic}, commencez par {item} puis passez à {item2}.',
    'Nous avons comparé {n} solutions pendant plusieurs semaines, et {item} est arrivé en tête.',
    'Beaucoup de {audience} nous demandent si {phrase} vaut l’effort.',
    'D’après notre expérience, la régularité compte plus que le budget.',
    'Environ {pct} % de nos lecteurs ont choisi {item} l’an dernier.',
    'Il n’y a pas de réponse unique, mais quelques erreurs sont à éviter.',
    'L’équipe de {site} écrit sur {topic} depuis des années.',
    'Nous mettons cette page à jour régulièrement, la dernière fois en {year}.',
    'Certains préfèrent {item}, d’autres {item2}, et chacun a ses raisons.',
    'Voici ce qui a fonctionné pour nous, et ce qui n’a pas marché.',
    'Pour les {audience}, le plus utile est de mesurer avant de changer quoi que ce soit.',
    'Les résultats varient selon le site, alors testez sur vos propres pages.',
  ],
  headings: [
    'Par où commencer',
    'Erreurs fréquentes',
    'Notre avis',
    'Conseils pour les {audience}',
  ],
  about: [
    '{Site} est né de la passion de quelques personnes pour {topic}.',
    'Nous publions des guides pratiques et des études de cas.',
    'Chaque conseil est testé sur de vrais sites.',
    'Écrivez-nous pour toute question.',
  ],
  authors: ['Camille Martin', 'Julien Bernard', 'Claire Dubois', 'Hugo Laurent'],
  ui: {
    home: 'Accueil',
    about: 'À propos',
    contact: 'Contact',
    articles: 'Articles',
    faq: 'FAQ',
    shop: 'Boutique',
    events: 'Événements',
    videos: 'Vidéos',
    faqTitle: 'Questions fréquentes',
    aboutTitle: 'À propos de',
    contactTitle: 'Nous contacter',
    contactIntro: 'Nous répondons à chaque message sous deux jours ouvrés.',
    address: 'Adresse',
    phone: 'Téléphone',
    hours: 'Horaires',
    hoursValue: 'Du lundi au vendredi, de 9 h à 18 h',
    email: 'Courriel',
    rights: 'Tous droits réservés.',
    newsletter: 'Lettre d’information',
    newsletterText: 'Nos meilleurs articles une fois par semaine.',
    related: 'Articles similaires',
    readMore: 'Lire la suite',
    by: 'Par',
    updated: 'Mis à jour',
    notFoundTitle: 'Page introuvable',
    notFoundText: 'Désolé, la page demandée n’existe pas ou a été déplacée.',
    goneTitle: 'Cette page a été supprimée',
    goneText: 'Le contenu demandé n’est plus disponible.',
    serverErrorTitle: 'Une erreur est survenue',
    serverErrorText: 'Le serveur n’a pas pu afficher cette page. Réessayez plus tard.',
    backHome: 'Retour à l’accueil',
    cookie: 'Nous utilisons des cookies pour améliorer votre expérience.',
    noscript: 'Activez JavaScript pour voir les commentaires.',
    mobileMenu: 'Menu Recherche Connexion',
    ingredients: 'Ingrédients',
    instructions: 'Préparation',
    steps: 'Étapes',
    whatYouNeed: 'Ce qu’il vous faut',
    serves: 'Portions',
    price: 'Prix',
    addToCart: 'Ajouter au panier',
    inStock: 'En stock',
    outOfStock: 'Épuisé',
    description: 'Description',
    reviews: 'Avis clients',
    details: 'Détails',
    date: 'Date',
    venue: 'Lieu',
    tickets: 'Billets',
    transcript: 'Transcription',
    pageOf: 'Page {page} sur {total}',
    next: 'Page suivante',
    previous: 'Page précédente',
    rating: 'Note',
    verdict: 'Verdict',
  },
};

const de: LanguagePack = {
  generic: [
    'Wer mit {topic} anfängt, sollte zuerst {item} ausprobieren und danach {item2}.',
    'Wir haben {n} Produkte mehrere Wochen lang verglichen, und {item} lag vorn.',
    'Viele {audience} fragen uns, ob sich {phrase} lohnt.',
    'Unserer Erfahrung nach zählt Beständigkeit mehr als der Preis.',
    'Rund {pct} Prozent unserer Leser haben sich letztes Jahr für {item} entschieden.',
    'Es gibt keine einzige richtige Antwort, aber einige Fehler sollten Sie vermeiden.',
    'Das Team von {site} schreibt seit Jahren über {topic}.',
    'Wir aktualisieren diese Seite regelmäßig, zuletzt im Jahr {year}.',
    'Manche bevorzugen {item}, andere {item2}, und beide Seiten haben gute Gründe.',
    'Im Folgenden lesen Sie, was bei uns funktioniert hat und was nicht.',
    'Für {audience} ist ein langsamer Einstieg am sinnvollsten.',
    'Preise ändern sich häufig, bitte prüfen Sie sie vor dem Kauf.',
  ],
  headings: ['Der richtige Einstieg', 'Häufige Fehler', 'Unser Fazit', 'Tipps für {audience}'],
  about: [
    '{Site} ist aus der Leidenschaft einiger Hundefreunde für {topic} entstanden.',
    'Wir testen Futter unabhängig und ohne bezahlte Platzierungen.',
    'Jede Empfehlung beruht auf eigenen Tests.',
    'Schreiben Sie uns bei Fragen gerne an.',
  ],
  authors: ['Anna Schneider', 'Lukas Becker', 'Sophie Wagner', 'Jonas Hoffmann'],
  ui: {
    home: 'Startseite',
    about: 'Über uns',
    contact: 'Kontakt',
    articles: 'Ratgeber',
    faq: 'FAQ',
    shop: 'Shop',
    events: 'Termine',
    videos: 'Videos',
    faqTitle: 'Häufige Fragen',
    aboutTitle: 'Über',
    contactTitle: 'Kontakt',
    contactIntro: 'Wir beantworten jede Nachricht innerhalb von zwei Werktagen.',
    address: 'Adresse',
    phone: 'Telefon',
    hours: 'Öffnungszeiten',
    hoursValue: 'Montag bis Freitag, 9 bis 18 Uhr',
    email: 'E-Mail',
    rights: 'Alle Rechte vorbehalten.',
    newsletter: 'Newsletter',
    newsletterText: 'Unsere besten Artikel einmal pro Woche.',
    related: 'Ähnliche Artikel',
    readMore: 'Weiterlesen',
    by: 'Von',
    updated: 'Aktualisiert',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Die gesuchte Seite existiert leider nicht oder wurde verschoben.',
    goneTitle: 'Diese Seite wurde entfernt',
    goneText: 'Der gesuchte Inhalt ist nicht mehr verfügbar.',
    serverErrorTitle: 'Etwas ist schiefgelaufen',
    serverErrorText: 'Der Server konnte diese Seite nicht anzeigen. Bitte später erneut versuchen.',
    backHome: 'Zur Startseite',
    cookie: 'Wir verwenden Cookies, um Ihr Erlebnis zu verbessern.',
    noscript: 'Bitte aktivieren Sie JavaScript, um Kommentare zu sehen.',
    mobileMenu: 'Menü Suche Anmelden',
    ingredients: 'Zutaten',
    instructions: 'Zubereitung',
    steps: 'Schritte',
    whatYouNeed: 'Was Sie brauchen',
    serves: 'Portionen',
    price: 'Preis',
    addToCart: 'In den Warenkorb',
    inStock: 'Auf Lager',
    outOfStock: 'Ausverkauft',
    description: 'Beschreibung',
    reviews: 'Kundenbewertungen',
    details: 'Details',
    date: 'Datum',
    venue: 'Ort',
    tickets: 'Tickets',
    transcript: 'Transkript',
    pageOf: 'Seite {page} von {total}',
    next: 'Nächste Seite',
    previous: 'Vorherige Seite',
    rating: 'Bewertung',
    verdict: 'Fazit',
  },
};

const pt: LanguagePack = {
  generic: [
    'Se é a sua primeira vez com {topic}, comece por {item} e depois conheça {item2}.',
    'Comparamos {n} opções durante várias semanas, e {item} ficou em primeiro lugar.',
    'Muitas {audience} nos perguntam se {phrase} vale a pena.',
    'Na nossa experiência, planejamento importa mais do que orçamento.',
    'Cerca de {pct} por cento dos leitores escolheram {item} no ano passado.',
    'Não existe uma única resposta certa, mas há erros que vale a pena evitar.',
    'A equipe do {site} escreve sobre {topic} há anos.',
    'Atualizamos esta página sempre que algo muda; a última vez foi em {year}.',
    'Alguns preferem {item}, outros preferem {item2}, e os dois lados têm razão.',
    'A seguir, você encontra o que funcionou para nós e o que não funcionou.',
    'Para {audience}, o melhor é começar com calma.',
    'Os preços mudam conforme a temporada, então confira antes de reservar.',
  ],
  headings: ['Por onde começar', 'Erros comuns', 'Nossa opinião', 'Dicas para {audience}'],
  about: [
    'O {site} nasceu da paixão de alguns viajantes por {topic}.',
    'Publicamos roteiros e dicas práticas.',
    'Tudo o que recomendamos foi testado por nós.',
    'Escreva para nós com suas dúvidas.',
  ],
  authors: ['Ana Souza', 'Pedro Almeida', 'Beatriz Lima', 'Rafael Costa'],
  ui: {
    home: 'Início',
    about: 'Sobre nós',
    contact: 'Contato',
    articles: 'Artigos',
    faq: 'Perguntas',
    shop: 'Loja',
    events: 'Eventos',
    videos: 'Vídeos',
    faqTitle: 'Perguntas frequentes',
    aboutTitle: 'Sobre o',
    contactTitle: 'Fale conosco',
    contactIntro: 'Respondemos todas as mensagens em até dois dias úteis.',
    address: 'Endereço',
    phone: 'Telefone',
    hours: 'Horário',
    hoursValue: 'De segunda a sexta, das 9h às 18h',
    email: 'E-mail',
    rights: 'Todos os direitos reservados.',
    newsletter: 'Newsletter',
    newsletterText: 'Receba nossos melhores artigos uma vez por semana.',
    related: 'Artigos relacionados',
    readMore: 'Leia mais',
    by: 'Por',
    updated: 'Atualizado',
    notFoundTitle: 'Página não encontrada',
    notFoundText: 'Desculpe, a página que você procura não existe ou mudou de endereço.',
    goneTitle: 'Esta página foi removida',
    goneText: 'O conteúdo procurado não está mais disponível.',
    serverErrorTitle: 'Algo deu errado',
    serverErrorText: 'O servidor não conseguiu mostrar esta página. Tente novamente mais tarde.',
    backHome: 'Voltar ao início',
    cookie: 'Usamos cookies para melhorar sua experiência.',
    noscript: 'Ative o JavaScript para ver os comentários.',
    mobileMenu: 'Menu Buscar Entrar',
    ingredients: 'Ingredientes',
    instructions: 'Modo de preparo',
    steps: 'Passos',
    whatYouNeed: 'O que você precisa',
    serves: 'Porções',
    price: 'Preço',
    addToCart: 'Adicionar ao carrinho',
    inStock: 'Em estoque',
    outOfStock: 'Esgotado',
    description: 'Descrição',
    reviews: 'Avaliações',
    details: 'Detalhes',
    date: 'Data',
    venue: 'Local',
    tickets: 'Ingressos',
    transcript: 'Transcrição',
    pageOf: 'Página {page} de {total}',
    next: 'Próxima página',
    previous: 'Página anterior',
    rating: 'Nota',
    verdict: 'Veredito',
  },
};

export const LANGUAGE_PACKS: Readonly<Record<Lang, LanguagePack>> = { en, es, fr, de, pt };
