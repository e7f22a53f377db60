/**
 * Characters XML 1.0 cannot hold at all (not even escaped): C0 controls but tab and newlines, lone surrogates,
 * U+FFFE/U+FFFF.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text (or an attribute value) for XML and HTML: escaped, and with characters XML cannot hold shown as U+FFFD. */
export function escapeMarkup(text: string): string {
  return text
    .replace(NOT_XML, "\ufffd")
    .replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

/** Text between tags: only `&`, `<` and `>` need escaping there, and quotes stay readable. */
export function escapeText(text: string): string {
  return text.replace(NOT_XML, "\ufffd").replace(/[&<>]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt" }[c]};`);
}
