import { expect } from 'vitest';

/**
 * The few DOM matchers the tests use, so no extra dependency is needed. They mirror the
 * @testing-library/jest-dom matchers of the same names.
 */
interface DomMatchers<R = unknown> {
  toBeInTheDocument(): R;
  toHaveTextContent(text: string | RegExp): R;
  toHaveAttribute(name: string, value?: string): R;
  toHaveValue(value: string): R;
  toBeDisabled(): R;
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: must match Vitest's own declaration of Assertion
  interface Assertion<T = any> extends DomMatchers<T> {}
  interface AsymmetricMatchersContaining extends DomMatchers {}
}

const isElement = (value: unknown): value is Element => value instanceof Element;
const describeEl = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;

expect.extend({
  toBeInTheDocument(received: unknown) {
    const pass = isElement(received) && received.ownerDocument.contains(received);
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be in the document` };
  },
  toHaveTextContent(received: unknown, expected: string | RegExp) {
    if (!isElement(received)) return { pass: false, message: () => 'expected an element' };
    const text = (received.textContent ?? '').replace(/\s+/g, ' ').trim();
    const pass = typeof expected === 'string' ? text.includes(expected) : expected.test(text);
    return {
      pass,
      message: () =>
        `expected ${describeEl(received)} ${pass ? 'not ' : ''}to have text ${String(expected)}, got "${text}"`,
    };
  },
  toHaveAttribute(received: unknown, name: string, value?: string) {
    if (!isElement(received)) return { pass: false, message: () => 'expected an element' };
    const actual = received.getAttribute(name);
    const pass = value === undefined ? actual !== null : actual === value;
    return {
      pass,
      message: () =>
        `expected ${describeEl(received)} ${pass ? 'not ' : ''}to have ${name}=${String(value)}, got ${String(actual)}`,
    };
  },
  toHaveValue(received: unknown, value: string) {
    const actual = (received as HTMLInputElement | null)?.value;
    const pass = actual === value;
    return { pass, message: () => `expected value ${value}, got ${String(actual)}` };
  },
  toBeDisabled(received: unknown) {
    const pass = isElement(received) && (received as HTMLButtonElement).disabled === true;
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be disabled` };
  },
});
