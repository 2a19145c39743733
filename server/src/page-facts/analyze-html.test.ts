import { describe, expect, it } from 'vitest';
import { analyzeHtml } from './analyze-html';

const page = `<!doctype html><html lang="es"><head>
<title>  Helados  caseros </title>
<meta name="Description" content="Recetas de helado">
<link rel="canonical" href="/helados">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Recipe","author":{"@type":"Person","name":"Ana"}},{"@type":["WebPage","BreadcrumbList"]}]}</script>
<script type="application/ld+json">[{"@type":"Organization"}, {"@type": "https://schema.org/FAQPage"}]</script>
<script type="application/ld+json">{ not json</script>
<style>.x{}</style></head>
<body><h1>Helado de  vainilla</h1><p>Uno dos tres.</p><h2>Paso 1</h2><h2> Paso 2 </h2>
<div hidden><p>oculto oculto</p></div>
<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Cono</span></div>
<script>var notWords = 1;</script></body></html>`;

describe('analyzeHtml', () => {
  it('reads title, description, lang, headings, canonical and schema types', () => {
    const facts = analyzeHtml(page, 'http://helados.sandbox.localhost:8080/receta');
    expect(facts.meta).toEqual({
      title: 'Helados caseros',
      description: 'Recetas de helado',
      lang: 'es',
      h1: 'Helado de vainilla',
      h2: { size: 2, list: ['Paso 1', 'Paso 2'] },
      url: 'http://helados.sandbox.localhost:8080/helados',
    });
    expect(facts.schemaTypes).toEqual([
      'BreadcrumbList',
      'FAQPage',
      'Organization',
      'Person',
      'Product',
      'Recipe',
      'WebPage',
    ]);
    // h1 (3) + p (3) + h2s (4) + product name (1); hidden and script text do not count.
    expect(facts.wordCount).toBe(11);
  });

  it('gives empty values for a bare page', () => {
    const facts = analyzeHtml('<p>hello</p>', 'https://example.com/');
    expect(facts.meta).toEqual({
      title: '',
      description: '',
      lang: '',
      h1: '',
      h2: { size: 0, list: [] },
      url: '',
    });
    expect(facts.schemaTypes).toEqual([]);
    expect(facts.wordCount).toBe(1);
  });
});
