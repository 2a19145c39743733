// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { maskSecretsInPage, SECRET_MARK } from './mask-secrets';

it("hides a secret in a page's fields and texts before a screenshot, and nothing else", () => {
  document.body.innerHTML =
    '<p>Welcome back, hunter2!</p><input id="pw" value="hunter2"><input id="q" value="dog food">';
  expect(maskSecretsInPage(['hunter2', ''], SECRET_MARK)).toBe(2);
  expect(document.body.querySelector('p')!.textContent).toBe(`Welcome back, ${SECRET_MARK}!`);
  const pw = document.getElementById('pw') as HTMLInputElement;
  expect(pw.style.getPropertyValue('color')).toBe('transparent');
  expect((document.getElementById('q') as HTMLInputElement).style.getPropertyValue('color')).toBe(
    '',
  );
});
