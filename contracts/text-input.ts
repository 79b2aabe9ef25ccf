/**
 * Control characters in text input. PostgreSQL cannot store U+0000 and no person types the
 * other C0 controls on purpose (they come from pasted PDFs, terminals or attackers), so every
 * string a client sends is cleaned once, before validation, instead of being refused: a
 * message pasted with a stray form feed is still sent, nothing typed is lost. Tab, line feed
 * and carriage return stay. Lone UTF-16 surrogates become U+FFFD, which is what they would
 * turn into on the way to UTF-8 anyway, so the stored text equals the validated text.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "").replace(LONE_SURROGATE, "\uFFFD");
}

/**
 * Cleans every string inside a parsed JSON value in place and returns it. Iterative, so a
 * deeply nested body cannot overflow the stack; own `__proto__` keys are rewritten with
 * defineProperty so cleaning never changes an object's prototype.
 */
export function cleanInput<T>(input: T): T {
  if (typeof input === "string") return cleanText(input) as T;
  if (typeof input !== "object" || input === null) return input;
  const pending: object[] = [input];
  while (pending.length) {
    const container = pending.pop() as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const value = container[key];
      if (typeof value === "string") {
        const cleaned = cleanText(value);
        if (cleaned !== value)
          Object.defineProperty(container, key, {
            value: cleaned,
            writable: true,
            enumerable: true,
            configurable: true,
          });
      } else if (typeof value === "object" && value !== null) {
        pending.push(value);
      }
    }
  }
  return input;
}
