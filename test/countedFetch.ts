// A fetch that counts what a client sent, in front of a fake's: how many requests a client's
// retries made.
export function counted(fake: { fetch: typeof globalThis.fetch }) {
  const sent = { count: 0 };
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent.count++;
    return fake.fetch(input, init);
  };
  return { sent, fetch };
}
